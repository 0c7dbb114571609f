-- A finished booking is a visit (docs/booking-states.md): visits get the booking they fulfilled (at most one
-- per booking) and a visit recorded by the portal has no HIS encounter number yet. Then every booking already
-- DONE gets its visit, as recordBookingVisits (modules/patients/booking-visits.repository.ts) writes it.
ALTER TABLE "patient_histories" ALTER COLUMN "encounter_code" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "patient_histories" ADD COLUMN "booking_id" integer;--> statement-breakpoint
ALTER TABLE "patient_histories" ADD CONSTRAINT "patient_histories_booking_fk" FOREIGN KEY ("facility_id","booking_id") REFERENCES "public"."bookings"("facility_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "patient_histories_facility_booking_uq" ON "patient_histories" USING btree ("facility_id","booking_id");--> statement-breakpoint
INSERT INTO "patient_histories" ("facility_id", "user_id", "profile_id", "booking_id", "encounter_code", "visited_at", "department_name", "doctor_name", "reason")
SELECT b.facility_id, p.user_id, b.medical_profile_id, b.id, NULL,
  coalesce(b.called_at, b.checked_in_at, (b.date + b.start_time::time) AT TIME ZONE 'Asia/Ho_Chi_Minh'),
  dep.name,
  concat_ws(' ', NULLIF(concat_ws('.', CASE d.academic_title WHEN 'GS' THEN 'GS' WHEN 'PGS' THEN 'PGS' END, CASE d.degree WHEN 'TS' THEN 'TS.BS' WHEN 'THS' THEN 'ThS.BS' WHEN 'BSCKII' THEN 'BSCKII' WHEN 'BSCKI' THEN 'BSCKI' WHEN 'BSNT' THEN 'BSNT' WHEN 'BS' THEN 'BS' END), ''), d.name),
  b.symptom
FROM "bookings" b
JOIN "medical_profiles" p ON p.facility_id = b.facility_id AND p.id = b.medical_profile_id
JOIN "departments" dep ON dep.facility_id = b.facility_id AND dep.id = b.department_id
JOIN "doctors" d ON d.facility_id = b.facility_id AND d.id = b.doctor_id
WHERE b.status = 'DONE'
ON CONFLICT ("facility_id", "booking_id") DO NOTHING;
