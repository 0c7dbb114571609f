CREATE TABLE "feedback_day_stats" (
	"facility_id" integer NOT NULL,
	"day" date NOT NULL,
	"doctor_id" integer NOT NULL,
	"department_id" integer NOT NULL,
	"feedbacks" integer DEFAULT 0 NOT NULL,
	"complaints" integer DEFAULT 0 NOT NULL,
	"overall_1" integer DEFAULT 0 NOT NULL,
	"overall_2" integer DEFAULT 0 NOT NULL,
	"overall_3" integer DEFAULT 0 NOT NULL,
	"overall_4" integer DEFAULT 0 NOT NULL,
	"overall_5" integer DEFAULT 0 NOT NULL,
	"doctor_1" integer DEFAULT 0 NOT NULL,
	"doctor_2" integer DEFAULT 0 NOT NULL,
	"doctor_3" integer DEFAULT 0 NOT NULL,
	"doctor_4" integer DEFAULT 0 NOT NULL,
	"doctor_5" integer DEFAULT 0 NOT NULL,
	"reception_1" integer DEFAULT 0 NOT NULL,
	"reception_2" integer DEFAULT 0 NOT NULL,
	"reception_3" integer DEFAULT 0 NOT NULL,
	"reception_4" integer DEFAULT 0 NOT NULL,
	"reception_5" integer DEFAULT 0 NOT NULL,
	"waiting_1" integer DEFAULT 0 NOT NULL,
	"waiting_2" integer DEFAULT 0 NOT NULL,
	"waiting_3" integer DEFAULT 0 NOT NULL,
	"waiting_4" integer DEFAULT 0 NOT NULL,
	"waiting_5" integer DEFAULT 0 NOT NULL,
	"cleanliness_1" integer DEFAULT 0 NOT NULL,
	"cleanliness_2" integer DEFAULT 0 NOT NULL,
	"cleanliness_3" integer DEFAULT 0 NOT NULL,
	"cleanliness_4" integer DEFAULT 0 NOT NULL,
	"cleanliness_5" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "feedback_day_stats_pkey" PRIMARY KEY("facility_id","day","doctor_id","department_id")
);
--> statement-breakpoint
CREATE TABLE "patient_feedbacks" (
	"id" serial NOT NULL,
	"facility_id" integer NOT NULL,
	"booking_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"medical_profile_id" integer NOT NULL,
	"doctor_id" integer NOT NULL,
	"department_id" integer NOT NULL,
	"visit_date" date NOT NULL,
	"rating_overall" smallint NOT NULL,
	"rating_doctor" smallint,
	"rating_reception" smallint,
	"rating_waiting" smallint,
	"rating_cleanliness" smallint,
	"comment" text DEFAULT '' NOT NULL,
	"complaint_ticked" boolean DEFAULT false NOT NULL,
	"complaint" boolean NOT NULL,
	"status" text,
	"search_text" text DEFAULT '' NOT NULL,
	"reply_text" text,
	"replied_by" integer,
	"replied_at" timestamp with time zone,
	"handled_note" text,
	"handled_by" integer,
	"handled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "patient_feedbacks_pkey" PRIMARY KEY("id","facility_id"),
	CONSTRAINT "patient_feedbacks_overall_range" CHECK ("patient_feedbacks"."rating_overall" BETWEEN 1 AND 5),
	CONSTRAINT "patient_feedbacks_doctor_range" CHECK ("patient_feedbacks"."rating_doctor" BETWEEN 1 AND 5),
	CONSTRAINT "patient_feedbacks_reception_range" CHECK ("patient_feedbacks"."rating_reception" BETWEEN 1 AND 5),
	CONSTRAINT "patient_feedbacks_waiting_range" CHECK ("patient_feedbacks"."rating_waiting" BETWEEN 1 AND 5),
	CONSTRAINT "patient_feedbacks_cleanliness_range" CHECK ("patient_feedbacks"."rating_cleanliness" BETWEEN 1 AND 5),
	CONSTRAINT "patient_feedbacks_status_of_complaint" CHECK (("patient_feedbacks"."complaint" AND "patient_feedbacks"."status" IN ('NEW', 'HANDLED')) OR (NOT "patient_feedbacks"."complaint" AND "patient_feedbacks"."status" IS NULL))
);
--> statement-breakpoint
ALTER TABLE "feedback_day_stats" ADD CONSTRAINT "feedback_day_stats_facility_id_facilities_id_fk" FOREIGN KEY ("facility_id") REFERENCES "public"."facilities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patient_feedbacks" ADD CONSTRAINT "patient_feedbacks_facility_id_facilities_id_fk" FOREIGN KEY ("facility_id") REFERENCES "public"."facilities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patient_feedbacks" ADD CONSTRAINT "patient_feedbacks_booking_fk" FOREIGN KEY ("facility_id","booking_id") REFERENCES "public"."bookings"("facility_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patient_feedbacks" ADD CONSTRAINT "patient_feedbacks_user_fk" FOREIGN KEY ("facility_id","user_id") REFERENCES "public"."patient_users"("facility_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patient_feedbacks" ADD CONSTRAINT "patient_feedbacks_profile_fk" FOREIGN KEY ("facility_id","medical_profile_id") REFERENCES "public"."medical_profiles"("facility_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patient_feedbacks" ADD CONSTRAINT "patient_feedbacks_doctor_fk" FOREIGN KEY ("facility_id","doctor_id") REFERENCES "public"."doctors"("facility_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patient_feedbacks" ADD CONSTRAINT "patient_feedbacks_department_fk" FOREIGN KEY ("facility_id","department_id") REFERENCES "public"."departments"("facility_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patient_feedbacks" ADD CONSTRAINT "patient_feedbacks_replied_by_fk" FOREIGN KEY ("facility_id","replied_by") REFERENCES "public"."accounts"("facility_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patient_feedbacks" ADD CONSTRAINT "patient_feedbacks_handled_by_fk" FOREIGN KEY ("facility_id","handled_by") REFERENCES "public"."accounts"("facility_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "patient_feedbacks_booking_uq" ON "patient_feedbacks" USING btree ("facility_id","booking_id");--> statement-breakpoint
CREATE INDEX "patient_feedbacks_list_idx" ON "patient_feedbacks" USING btree ("facility_id","created_at","id");--> statement-breakpoint
CREATE INDEX "patient_feedbacks_open_idx" ON "patient_feedbacks" USING btree ("facility_id","created_at") WHERE "patient_feedbacks"."status" = 'NEW';--> statement-breakpoint
CREATE INDEX "patient_feedbacks_user_idx" ON "patient_feedbacks" USING btree ("facility_id","user_id","created_at");--> statement-breakpoint
CREATE INDEX "patient_feedbacks_doctor_idx" ON "patient_feedbacks" USING btree ("facility_id","doctor_id","created_at");--> statement-breakpoint
CREATE INDEX "patient_feedbacks_department_idx" ON "patient_feedbacks" USING btree ("facility_id","department_id","created_at");--> statement-breakpoint
CREATE INDEX "patient_feedbacks_search_trgm" ON "patient_feedbacks" USING gin ("search_text" gin_trgm_ops);
--> statement-breakpoint
-- The rate reports' rollup (docs/decisions.md "Feedback and ratings"): each feedback counts in the row of its facility,
-- the day it was given (+07:00), its doctor and department, once in feedbacks (and complaints), and once in the star
-- column of each criterion it rated. Statement-level triggers keep it in the same transaction as every write of
-- patient_feedbacks (the app's submissions, the seeds, any future path); each operation has its own static function, so
-- PL/pgSQL keeps its plan. A feedback arrives one at a time from a patient, so a direct upsert is enough (the bookings'
-- rollup appends differences because many desks write the same doctor's day at once).
CREATE OR REPLACE FUNCTION patient_feedbacks_stats_ins() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO feedback_day_stats AS t (facility_id, day, doctor_id, department_id,
    feedbacks, complaints, overall_1, overall_2, overall_3, overall_4, overall_5, doctor_1, doctor_2, doctor_3, doctor_4, doctor_5, reception_1, reception_2, reception_3, reception_4, reception_5, waiting_1, waiting_2, waiting_3, waiting_4, waiting_5, cleanliness_1, cleanliness_2, cleanliness_3, cleanliness_4, cleanliness_5)
  SELECT x.facility_id, (x.created_at AT TIME ZONE 'Asia/Ho_Chi_Minh')::date, x.doctor_id, x.department_id,
    sum(x.sign),
    coalesce(sum(x.sign) FILTER (WHERE x.complaint), 0),
    coalesce(sum(x.sign) FILTER (WHERE x.rating_overall = 1), 0),
    coalesce(sum(x.sign) FILTER (WHERE x.rating_overall = 2), 0),
    coalesce(sum(x.sign) FILTER (WHERE x.rating_overall = 3), 0),
    coalesce(sum(x.sign) FILTER (WHERE x.rating_overall = 4), 0),
    coalesce(sum(x.sign) FILTER (WHERE x.rating_overall = 5), 0),
    coalesce(sum(x.sign) FILTER (WHERE x.rating_doctor = 1), 0),
    coalesce(sum(x.sign) FILTER (WHERE x.rating_doctor = 2), 0),
    coalesce(sum(x.sign) FILTER (WHERE x.rating_doctor = 3), 0),
    coalesce(sum(x.sign) FILTER (WHERE x.rating_doctor = 4), 0),
    coalesce(sum(x.sign) FILTER (WHERE x.rating_doctor = 5), 0),
    coalesce(sum(x.sign) FILTER (WHERE x.rating_reception = 1), 0),
    coalesce(sum(x.sign) FILTER (WHERE x.rating_reception = 2), 0),
    coalesce(sum(x.sign) FILTER (WHERE x.rating_reception = 3), 0),
    coalesce(sum(x.sign) FILTER (WHERE x.rating_reception = 4), 0),
    coalesce(sum(x.sign) FILTER (WHERE x.rating_reception = 5), 0),
    coalesce(sum(x.sign) FILTER (WHERE x.rating_waiting = 1), 0),
    coalesce(sum(x.sign) FILTER (WHERE x.rating_waiting = 2), 0),
    coalesce(sum(x.sign) FILTER (WHERE x.rating_waiting = 3), 0),
    coalesce(sum(x.sign) FILTER (WHERE x.rating_waiting = 4), 0),
    coalesce(sum(x.sign) FILTER (WHERE x.rating_waiting = 5), 0),
    coalesce(sum(x.sign) FILTER (WHERE x.rating_cleanliness = 1), 0),
    coalesce(sum(x.sign) FILTER (WHERE x.rating_cleanliness = 2), 0),
    coalesce(sum(x.sign) FILTER (WHERE x.rating_cleanliness = 3), 0),
    coalesce(sum(x.sign) FILTER (WHERE x.rating_cleanliness = 4), 0),
    coalesce(sum(x.sign) FILTER (WHERE x.rating_cleanliness = 5), 0)
  FROM (SELECT 1 AS sign, n.* FROM new_rows n) x
  GROUP BY 1, 2, 3, 4
  ORDER BY 1, 2, 3, 4
  ON CONFLICT (facility_id, day, doctor_id, department_id) DO UPDATE SET
    feedbacks = t.feedbacks + excluded.feedbacks, complaints = t.complaints + excluded.complaints, overall_1 = t.overall_1 + excluded.overall_1, overall_2 = t.overall_2 + excluded.overall_2, overall_3 = t.overall_3 + excluded.overall_3, overall_4 = t.overall_4 + excluded.overall_4, overall_5 = t.overall_5 + excluded.overall_5, doctor_1 = t.doctor_1 + excluded.doctor_1, doctor_2 = t.doctor_2 + excluded.doctor_2, doctor_3 = t.doctor_3 + excluded.doctor_3, doctor_4 = t.doctor_4 + excluded.doctor_4, doctor_5 = t.doctor_5 + excluded.doctor_5, reception_1 = t.reception_1 + excluded.reception_1, reception_2 = t.reception_2 + excluded.reception_2, reception_3 = t.reception_3 + excluded.reception_3, reception_4 = t.reception_4 + excluded.reception_4, reception_5 = t.reception_5 + excluded.reception_5, waiting_1 = t.waiting_1 + excluded.waiting_1, waiting_2 = t.waiting_2 + excluded.waiting_2, waiting_3 = t.waiting_3 + excluded.waiting_3, waiting_4 = t.waiting_4 + excluded.waiting_4, waiting_5 = t.waiting_5 + excluded.waiting_5, cleanliness_1 = t.cleanliness_1 + excluded.cleanliness_1, cleanliness_2 = t.cleanliness_2 + excluded.cleanliness_2, cleanliness_3 = t.cleanliness_3 + excluded.cleanliness_3, cleanliness_4 = t.cleanliness_4 + excluded.cleanliness_4, cleanliness_5 = t.cleanliness_5 + excluded.cleanliness_5;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION patient_feedbacks_stats_del() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO feedback_day_stats AS t (facility_id, day, doctor_id, department_id,
    feedbacks, complaints, overall_1, overall_2, overall_3, overall_4, overall_5, doctor_1, doctor_2, doctor_3, doctor_4, doctor_5, reception_1, reception_2, reception_3, reception_4, reception_5, waiting_1, waiting_2, waiting_3, waiting_4, waiting_5, cleanliness_1, cleanliness_2, cleanliness_3, cleanliness_4, cleanliness_5)
  SELECT x.facility_id, (x.created_at AT TIME ZONE 'Asia/Ho_Chi_Minh')::date, x.doctor_id, x.department_id,
    sum(x.sign),
    coalesce(sum(x.sign) FILTER (WHERE x.complaint), 0),
    coalesce(sum(x.sign) FILTER (WHERE x.rating_overall = 1), 0),
    coalesce(sum(x.sign) FILTER (WHERE x.rating_overall = 2), 0),
    coalesce(sum(x.sign) FILTER (WHERE x.rating_overall = 3), 0),
    coalesce(sum(x.sign) FILTER (WHERE x.rating_overall = 4), 0),
    coalesce(sum(x.sign) FILTER (WHERE x.rating_overall = 5), 0),
    coalesce(sum(x.sign) FILTER (WHERE x.rating_doctor = 1), 0),
    coalesce(sum(x.sign) FILTER (WHERE x.rating_doctor = 2), 0),
    coalesce(sum(x.sign) FILTER (WHERE x.rating_doctor = 3), 0),
    coalesce(sum(x.sign) FILTER (WHERE x.rating_doctor = 4), 0),
    coalesce(sum(x.sign) FILTER (WHERE x.rating_doctor = 5), 0),
    coalesce(sum(x.sign) FILTER (WHERE x.rating_reception = 1), 0),
    coalesce(sum(x.sign) FILTER (WHERE x.rating_reception = 2), 0),
    coalesce(sum(x.sign) FILTER (WHERE x.rating_reception = 3), 0),
    coalesce(sum(x.sign) FILTER (WHERE x.rating_reception = 4), 0),
    coalesce(sum(x.sign) FILTER (WHERE x.rating_reception = 5), 0),
    coalesce(sum(x.sign) FILTER (WHERE x.rating_waiting = 1), 0),
    coalesce(sum(x.sign) FILTER (WHERE x.rating_waiting = 2), 0),
    coalesce(sum(x.sign) FILTER (WHERE x.rating_waiting = 3), 0),
    coalesce(sum(x.sign) FILTER (WHERE x.rating_waiting = 4), 0),
    coalesce(sum(x.sign) FILTER (WHERE x.rating_waiting = 5), 0),
    coalesce(sum(x.sign) FILTER (WHERE x.rating_cleanliness = 1), 0),
    coalesce(sum(x.sign) FILTER (WHERE x.rating_cleanliness = 2), 0),
    coalesce(sum(x.sign) FILTER (WHERE x.rating_cleanliness = 3), 0),
    coalesce(sum(x.sign) FILTER (WHERE x.rating_cleanliness = 4), 0),
    coalesce(sum(x.sign) FILTER (WHERE x.rating_cleanliness = 5), 0)
  FROM (SELECT -1 AS sign, o.* FROM old_rows o) x
  GROUP BY 1, 2, 3, 4
  ORDER BY 1, 2, 3, 4
  ON CONFLICT (facility_id, day, doctor_id, department_id) DO UPDATE SET
    feedbacks = t.feedbacks + excluded.feedbacks, complaints = t.complaints + excluded.complaints, overall_1 = t.overall_1 + excluded.overall_1, overall_2 = t.overall_2 + excluded.overall_2, overall_3 = t.overall_3 + excluded.overall_3, overall_4 = t.overall_4 + excluded.overall_4, overall_5 = t.overall_5 + excluded.overall_5, doctor_1 = t.doctor_1 + excluded.doctor_1, doctor_2 = t.doctor_2 + excluded.doctor_2, doctor_3 = t.doctor_3 + excluded.doctor_3, doctor_4 = t.doctor_4 + excluded.doctor_4, doctor_5 = t.doctor_5 + excluded.doctor_5, reception_1 = t.reception_1 + excluded.reception_1, reception_2 = t.reception_2 + excluded.reception_2, reception_3 = t.reception_3 + excluded.reception_3, reception_4 = t.reception_4 + excluded.reception_4, reception_5 = t.reception_5 + excluded.reception_5, waiting_1 = t.waiting_1 + excluded.waiting_1, waiting_2 = t.waiting_2 + excluded.waiting_2, waiting_3 = t.waiting_3 + excluded.waiting_3, waiting_4 = t.waiting_4 + excluded.waiting_4, waiting_5 = t.waiting_5 + excluded.waiting_5, cleanliness_1 = t.cleanliness_1 + excluded.cleanliness_1, cleanliness_2 = t.cleanliness_2 + excluded.cleanliness_2, cleanliness_3 = t.cleanliness_3 + excluded.cleanliness_3, cleanliness_4 = t.cleanliness_4 + excluded.cleanliness_4, cleanliness_5 = t.cleanliness_5 + excluded.cleanliness_5;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- an update counts only the rows whose counted fields changed (a reply or the handling changes none)
CREATE OR REPLACE FUNCTION patient_feedbacks_stats_upd() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO feedback_day_stats AS t (facility_id, day, doctor_id, department_id,
    feedbacks, complaints, overall_1, overall_2, overall_3, overall_4, overall_5, doctor_1, doctor_2, doctor_3, doctor_4, doctor_5, reception_1, reception_2, reception_3, reception_4, reception_5, waiting_1, waiting_2, waiting_3, waiting_4, waiting_5, cleanliness_1, cleanliness_2, cleanliness_3, cleanliness_4, cleanliness_5)
  SELECT x.facility_id, (x.created_at AT TIME ZONE 'Asia/Ho_Chi_Minh')::date, x.doctor_id, x.department_id,
    sum(x.sign),
    coalesce(sum(x.sign) FILTER (WHERE x.complaint), 0),
    coalesce(sum(x.sign) FILTER (WHERE x.rating_overall = 1), 0),
    coalesce(sum(x.sign) FILTER (WHERE x.rating_overall = 2), 0),
    coalesce(sum(x.sign) FILTER (WHERE x.rating_overall = 3), 0),
    coalesce(sum(x.sign) FILTER (WHERE x.rating_overall = 4), 0),
    coalesce(sum(x.sign) FILTER (WHERE x.rating_overall = 5), 0),
    coalesce(sum(x.sign) FILTER (WHERE x.rating_doctor = 1), 0),
    coalesce(sum(x.sign) FILTER (WHERE x.rating_doctor = 2), 0),
    coalesce(sum(x.sign) FILTER (WHERE x.rating_doctor = 3), 0),
    coalesce(sum(x.sign) FILTER (WHERE x.rating_doctor = 4), 0),
    coalesce(sum(x.sign) FILTER (WHERE x.rating_doctor = 5), 0),
    coalesce(sum(x.sign) FILTER (WHERE x.rating_reception = 1), 0),
    coalesce(sum(x.sign) FILTER (WHERE x.rating_reception = 2), 0),
    coalesce(sum(x.sign) FILTER (WHERE x.rating_reception = 3), 0),
    coalesce(sum(x.sign) FILTER (WHERE x.rating_reception = 4), 0),
    coalesce(sum(x.sign) FILTER (WHERE x.rating_reception = 5), 0),
    coalesce(sum(x.sign) FILTER (WHERE x.rating_waiting = 1), 0),
    coalesce(sum(x.sign) FILTER (WHERE x.rating_waiting = 2), 0),
    coalesce(sum(x.sign) FILTER (WHERE x.rating_waiting = 3), 0),
    coalesce(sum(x.sign) FILTER (WHERE x.rating_waiting = 4), 0),
    coalesce(sum(x.sign) FILTER (WHERE x.rating_waiting = 5), 0),
    coalesce(sum(x.sign) FILTER (WHERE x.rating_cleanliness = 1), 0),
    coalesce(sum(x.sign) FILTER (WHERE x.rating_cleanliness = 2), 0),
    coalesce(sum(x.sign) FILTER (WHERE x.rating_cleanliness = 3), 0),
    coalesce(sum(x.sign) FILTER (WHERE x.rating_cleanliness = 4), 0),
    coalesce(sum(x.sign) FILTER (WHERE x.rating_cleanliness = 5), 0)
  FROM (SELECT 1 AS sign, n.* FROM new_rows n JOIN old_rows o ON o.id = n.id AND o.facility_id = n.facility_id
      WHERE (n.created_at, n.doctor_id, n.department_id, n.complaint, n.rating_overall, n.rating_doctor, n.rating_reception, n.rating_waiting, n.rating_cleanliness) IS DISTINCT FROM (o.created_at, o.doctor_id, o.department_id, o.complaint, o.rating_overall, o.rating_doctor, o.rating_reception, o.rating_waiting, o.rating_cleanliness)
    UNION ALL
    SELECT -1 AS sign, o.* FROM old_rows o JOIN new_rows n ON o.id = n.id AND o.facility_id = n.facility_id
      WHERE (n.created_at, n.doctor_id, n.department_id, n.complaint, n.rating_overall, n.rating_doctor, n.rating_reception, n.rating_waiting, n.rating_cleanliness) IS DISTINCT FROM (o.created_at, o.doctor_id, o.department_id, o.complaint, o.rating_overall, o.rating_doctor, o.rating_reception, o.rating_waiting, o.rating_cleanliness)) x
  GROUP BY 1, 2, 3, 4
  ORDER BY 1, 2, 3, 4
  ON CONFLICT (facility_id, day, doctor_id, department_id) DO UPDATE SET
    feedbacks = t.feedbacks + excluded.feedbacks, complaints = t.complaints + excluded.complaints, overall_1 = t.overall_1 + excluded.overall_1, overall_2 = t.overall_2 + excluded.overall_2, overall_3 = t.overall_3 + excluded.overall_3, overall_4 = t.overall_4 + excluded.overall_4, overall_5 = t.overall_5 + excluded.overall_5, doctor_1 = t.doctor_1 + excluded.doctor_1, doctor_2 = t.doctor_2 + excluded.doctor_2, doctor_3 = t.doctor_3 + excluded.doctor_3, doctor_4 = t.doctor_4 + excluded.doctor_4, doctor_5 = t.doctor_5 + excluded.doctor_5, reception_1 = t.reception_1 + excluded.reception_1, reception_2 = t.reception_2 + excluded.reception_2, reception_3 = t.reception_3 + excluded.reception_3, reception_4 = t.reception_4 + excluded.reception_4, reception_5 = t.reception_5 + excluded.reception_5, waiting_1 = t.waiting_1 + excluded.waiting_1, waiting_2 = t.waiting_2 + excluded.waiting_2, waiting_3 = t.waiting_3 + excluded.waiting_3, waiting_4 = t.waiting_4 + excluded.waiting_4, waiting_5 = t.waiting_5 + excluded.waiting_5, cleanliness_1 = t.cleanliness_1 + excluded.cleanliness_1, cleanliness_2 = t.cleanliness_2 + excluded.cleanliness_2, cleanliness_3 = t.cleanliness_3 + excluded.cleanliness_3, cleanliness_4 = t.cleanliness_4 + excluded.cleanliness_4, cleanliness_5 = t.cleanliness_5 + excluded.cleanliness_5;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER patient_feedbacks_stats_ins AFTER INSERT ON patient_feedbacks REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION patient_feedbacks_stats_ins();
--> statement-breakpoint
CREATE TRIGGER patient_feedbacks_stats_upd AFTER UPDATE ON patient_feedbacks REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION patient_feedbacks_stats_upd();
--> statement-breakpoint
CREATE TRIGGER patient_feedbacks_stats_del AFTER DELETE ON patient_feedbacks REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION patient_feedbacks_stats_del();
