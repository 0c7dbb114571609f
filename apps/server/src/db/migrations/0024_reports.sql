ALTER TABLE "medical_profiles" ADD COLUMN "first_visit_on" date;--> statement-breakpoint
CREATE INDEX "booking_logs_facility_time_idx" ON "booking_logs" USING btree ("facility_id","created_at");--> statement-breakpoint
-- medical_profiles.first_visit_on = the day of the profile's first DONE booking, kept by the database in the same
-- transaction as every booking write (create, transition, move, merge, delete, the seeds): the reports read it
-- instead of searching each profile's bookings. One statement-level trigger per event (transition tables), each
-- recomputing the profiles the statement touched.
CREATE OR REPLACE FUNCTION bookings_first_visit_sync() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE medical_profiles p SET first_visit_on = (
      SELECT min(b.date) FROM bookings b WHERE b.medical_profile_id = p.id AND b.facility_id = p.facility_id AND b.status = 'DONE')
    WHERE p.id IN (SELECT DISTINCT medical_profile_id FROM new_rows WHERE status = 'DONE');
  ELSIF TG_OP = 'UPDATE' THEN
    UPDATE medical_profiles p SET first_visit_on = (
      SELECT min(b.date) FROM bookings b WHERE b.medical_profile_id = p.id AND b.facility_id = p.facility_id AND b.status = 'DONE')
    WHERE p.id IN (
      SELECT n.medical_profile_id FROM new_rows n JOIN old_rows o ON o.id = n.id
        WHERE (n.status = 'DONE' OR o.status = 'DONE') AND (n.status IS DISTINCT FROM o.status OR n.date IS DISTINCT FROM o.date OR n.medical_profile_id IS DISTINCT FROM o.medical_profile_id)
      UNION
      SELECT o.medical_profile_id FROM new_rows n JOIN old_rows o ON o.id = n.id
        WHERE o.status = 'DONE' AND n.medical_profile_id IS DISTINCT FROM o.medical_profile_id);
  ELSE
    UPDATE medical_profiles p SET first_visit_on = (
      SELECT min(b.date) FROM bookings b WHERE b.medical_profile_id = p.id AND b.facility_id = p.facility_id AND b.status = 'DONE')
    WHERE p.id IN (SELECT DISTINCT medical_profile_id FROM old_rows WHERE status = 'DONE');
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER bookings_first_visit_ins AFTER INSERT ON bookings REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION bookings_first_visit_sync();
--> statement-breakpoint
CREATE TRIGGER bookings_first_visit_upd AFTER UPDATE ON bookings REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION bookings_first_visit_sync();
--> statement-breakpoint
CREATE TRIGGER bookings_first_visit_del AFTER DELETE ON bookings REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION bookings_first_visit_sync();
--> statement-breakpoint
UPDATE medical_profiles p SET first_visit_on = f.first
FROM (SELECT medical_profile_id, facility_id, min(date) AS first FROM bookings WHERE status = 'DONE' GROUP BY 1, 2) f
WHERE p.id = f.medical_profile_id AND p.facility_id = f.facility_id;
