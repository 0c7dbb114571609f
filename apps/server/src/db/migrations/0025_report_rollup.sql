CREATE TABLE "booking_day_stats" (
	"facility_id" integer NOT NULL,
	"date" date NOT NULL,
	"department_id" integer NOT NULL,
	"specialty_id" integer,
	"doctor_id" integer NOT NULL,
	"room_id" integer NOT NULL,
	"source" text NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"pending" integer DEFAULT 0 NOT NULL,
	"accepted" integer DEFAULT 0 NOT NULL,
	"rejected" integer DEFAULT 0 NOT NULL,
	"cancelled" integer DEFAULT 0 NOT NULL,
	"checked_in" integer DEFAULT 0 NOT NULL,
	"done" integer DEFAULT 0 NOT NULL,
	"no_show" integer DEFAULT 0 NOT NULL,
	"new_patients" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "booking_day_stats_key" UNIQUE NULLS NOT DISTINCT("facility_id","date","department_id","specialty_id","doctor_id","room_id","source")
);
--> statement-breakpoint
CREATE TABLE "booking_stat_deltas" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"facility_id" integer NOT NULL,
	"date" date NOT NULL,
	"department_id" integer NOT NULL,
	"specialty_id" integer,
	"doctor_id" integer NOT NULL,
	"room_id" integer NOT NULL,
	"source" text NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"pending" integer DEFAULT 0 NOT NULL,
	"accepted" integer DEFAULT 0 NOT NULL,
	"rejected" integer DEFAULT 0 NOT NULL,
	"cancelled" integer DEFAULT 0 NOT NULL,
	"checked_in" integer DEFAULT 0 NOT NULL,
	"done" integer DEFAULT 0 NOT NULL,
	"no_show" integer DEFAULT 0 NOT NULL,
	"new_patients" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "booking_day_stats" ADD CONSTRAINT "booking_day_stats_facility_id_facilities_id_fk" FOREIGN KEY ("facility_id") REFERENCES "public"."facilities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_stat_deltas" ADD CONSTRAINT "booking_stat_deltas_facility_id_facilities_id_fk" FOREIGN KEY ("facility_id") REFERENCES "public"."facilities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "booking_stat_deltas_day_idx" ON "booking_stat_deltas" USING btree ("facility_id","date");--> statement-breakpoint
CREATE INDEX "booking_day_stats_empty_idx" ON "booking_day_stats" USING btree ("facility_id") WHERE "booking_day_stats"."total" = 0;--> statement-breakpoint
-- The quick statistic's rollup (docs/decisions.md "Reports"): each booking counts in the row of its facility, day,
-- department, specialty, doctor, room and source, in the column of its state, and in new_patients when its profile had
-- no finished visit before its day (medical_profiles.first_visit_on is none or not before it). Every statement on
-- bookings appends the differences it makes (one row per key, signed); a change of a profile's first visit appends the
-- differences in new_patients of the profile's bookings. Append only: no writer waits on another for a shared row.
-- ORDER MATTERS: these booking triggers are named bookings_day_stats_* so they fire before bookings_first_visit_*
-- (PostgreSQL fires the triggers of one event in name order): they count new_patients with the first visit the
-- rollup already holds, and the profile trigger then moves it to the new one.
CREATE OR REPLACE FUNCTION bookings_day_stats_sync() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  src text;
BEGIN
  -- the rows the statement added (+1) and took away (-1); an update counts only rows whose counted fields changed
  IF TG_OP = 'INSERT' THEN
    src := 'SELECT 1 AS sign, n.* FROM new_rows n';
  ELSIF TG_OP = 'DELETE' THEN
    src := 'SELECT -1 AS sign, o.* FROM old_rows o';
  ELSE
    src := 'WITH ch AS (
        SELECT n.id FROM new_rows n JOIN old_rows o ON o.id = n.id AND o.facility_id = n.facility_id
        WHERE (n.date, n.department_id, n.specialty_id, n.doctor_id, n.room_id, n.source, n.status, n.medical_profile_id)
          IS DISTINCT FROM (o.date, o.department_id, o.specialty_id, o.doctor_id, o.room_id, o.source, o.status, o.medical_profile_id))
      SELECT 1 AS sign, n.* FROM new_rows n WHERE n.id IN (SELECT id FROM ch)
      UNION ALL SELECT -1, o.* FROM old_rows o WHERE o.id IN (SELECT id FROM ch)';
  END IF;
  -- transition tables are visible to dynamic SQL run by the trigger function
  EXECUTE 'INSERT INTO booking_stat_deltas (facility_id, date, department_id, specialty_id, doctor_id, room_id, source,
      total, pending, accepted, rejected, cancelled, checked_in, done, no_show, new_patients)
    SELECT x.facility_id, x.date, x.department_id, x.specialty_id, x.doctor_id, x.room_id, x.source,
      sum(x.sign), coalesce(sum(x.sign) FILTER (WHERE x.status = ''PENDING''), 0),
      coalesce(sum(x.sign) FILTER (WHERE x.status = ''ACCEPTED''), 0), coalesce(sum(x.sign) FILTER (WHERE x.status = ''REJECTED''), 0),
      coalesce(sum(x.sign) FILTER (WHERE x.status = ''CANCELLED''), 0),
      coalesce(sum(x.sign) FILTER (WHERE x.status IN (''CHECKED_IN'', ''CALLED'')), 0),
      coalesce(sum(x.sign) FILTER (WHERE x.status = ''DONE''), 0), coalesce(sum(x.sign) FILTER (WHERE x.status = ''NO_SHOW''), 0),
      coalesce(sum(x.sign) FILTER (WHERE p.first_visit_on IS NULL OR p.first_visit_on >= x.date), 0)
    FROM (' || src || ') x JOIN medical_profiles p ON p.facility_id = x.facility_id AND p.id = x.medical_profile_id
    GROUP BY x.facility_id, x.date, x.department_id, x.specialty_id, x.doctor_id, x.room_id, x.source';
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER bookings_day_stats_ins AFTER INSERT ON bookings REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION bookings_day_stats_sync();
--> statement-breakpoint
CREATE TRIGGER bookings_day_stats_upd AFTER UPDATE ON bookings REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION bookings_day_stats_sync();
--> statement-breakpoint
CREATE TRIGGER bookings_day_stats_del AFTER DELETE ON bookings REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION bookings_day_stats_sync();
--> statement-breakpoint
-- a profile whose first visit moved: its bookings between the two days change from new to returning or back
CREATE OR REPLACE FUNCTION profiles_day_stats_sync() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO booking_stat_deltas (facility_id, date, department_id, specialty_id, doctor_id, room_id, source, new_patients)
  SELECT b.facility_id, b.date, b.department_id, b.specialty_id, b.doctor_id, b.room_id, b.source,
    sum((n.first_visit_on IS NULL OR n.first_visit_on >= b.date)::int - (o.first_visit_on IS NULL OR o.first_visit_on >= b.date)::int)
  FROM new_rows n JOIN old_rows o ON o.id = n.id AND o.facility_id = n.facility_id
  JOIN bookings b ON b.facility_id = n.facility_id AND b.medical_profile_id = n.id
  WHERE n.first_visit_on IS DISTINCT FROM o.first_visit_on
  GROUP BY b.facility_id, b.date, b.department_id, b.specialty_id, b.doctor_id, b.room_id, b.source
  HAVING sum((n.first_visit_on IS NULL OR n.first_visit_on >= b.date)::int - (o.first_visit_on IS NULL OR o.first_visit_on >= b.date)::int) <> 0;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER profiles_day_stats_upd AFTER UPDATE ON medical_profiles REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION profiles_day_stats_sync();
--> statement-breakpoint
-- the bookings already there
INSERT INTO booking_day_stats (facility_id, date, department_id, specialty_id, doctor_id, room_id, source,
  total, pending, accepted, rejected, cancelled, checked_in, done, no_show, new_patients)
SELECT b.facility_id, b.date, b.department_id, b.specialty_id, b.doctor_id, b.room_id, b.source,
  count(*), count(*) FILTER (WHERE b.status = 'PENDING'), count(*) FILTER (WHERE b.status = 'ACCEPTED'),
  count(*) FILTER (WHERE b.status = 'REJECTED'), count(*) FILTER (WHERE b.status = 'CANCELLED'),
  count(*) FILTER (WHERE b.status IN ('CHECKED_IN', 'CALLED')), count(*) FILTER (WHERE b.status = 'DONE'),
  count(*) FILTER (WHERE b.status = 'NO_SHOW'), count(*) FILTER (WHERE p.first_visit_on IS NULL OR p.first_visit_on >= b.date)
FROM bookings b JOIN medical_profiles p ON p.facility_id = b.facility_id AND p.id = b.medical_profile_id
GROUP BY b.facility_id, b.date, b.department_id, b.specialty_id, b.doctor_id, b.room_id, b.source;
