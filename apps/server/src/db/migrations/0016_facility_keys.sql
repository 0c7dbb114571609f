-- Keys carry facility_id (docs/decisions.md "Keys carry facility_id", issue 13): the primary key of every
-- facility-owned table becomes (id, facility_id), every foreign key between facility-owned tables
-- (facility_id, x_id) -> (facility_id, id), and the unique keys that lacked facility_id get it as the last
-- column (existing lookups keep their index prefix). Rows stay where they are: only constraints and
-- indexes change, and the new foreign keys are validated against the existing rows.
-- Hand-ordered (drizzle-kit cannot name the old primary keys and would drop them while foreign keys
-- still depend on them): 1. drop the foreign keys that depend on the old primary keys, 2. replace the
-- primary and unique keys, 3. add the foreign keys again.
-- 1. foreign keys on id alone, between facility-owned tables
ALTER TABLE "sessions" DROP CONSTRAINT "sessions_account_id_accounts_id_fk";--> statement-breakpoint
ALTER TABLE "rooms" DROP CONSTRAINT "rooms_department_id_departments_id_fk";--> statement-breakpoint
ALTER TABLE "rooms" DROP CONSTRAINT "rooms_specialty_id_specialties_id_fk";--> statement-breakpoint
ALTER TABLE "medical_profiles" DROP CONSTRAINT "medical_profiles_user_id_patient_users_id_fk";--> statement-breakpoint
ALTER TABLE "patient_histories" DROP CONSTRAINT "patient_histories_user_id_patient_users_id_fk";--> statement-breakpoint
ALTER TABLE "patient_histories" DROP CONSTRAINT "patient_histories_profile_id_medical_profiles_id_fk";--> statement-breakpoint
ALTER TABLE "patient_sessions" DROP CONSTRAINT "patient_sessions_user_id_patient_users_id_fk";--> statement-breakpoint
ALTER TABLE "result_files" DROP CONSTRAINT "result_files_user_id_patient_users_id_fk";--> statement-breakpoint
ALTER TABLE "result_files" DROP CONSTRAINT "result_files_profile_id_medical_profiles_id_fk";--> statement-breakpoint
ALTER TABLE "result_files" DROP CONSTRAINT "result_files_history_id_patient_histories_id_fk";--> statement-breakpoint
ALTER TABLE "result_files" DROP CONSTRAINT "result_files_uploaded_by_accounts_id_fk";--> statement-breakpoint
ALTER TABLE "doctors" DROP CONSTRAINT "doctors_department_id_departments_id_fk";--> statement-breakpoint
ALTER TABLE "booking_logs" DROP CONSTRAINT "booking_logs_booking_id_bookings_id_fk";--> statement-breakpoint
ALTER TABLE "booking_logs" DROP CONSTRAINT "booking_logs_account_id_accounts_id_fk";--> statement-breakpoint
ALTER TABLE "bookings" DROP CONSTRAINT "bookings_patient_user_id_patient_users_id_fk";--> statement-breakpoint
ALTER TABLE "bookings" DROP CONSTRAINT "bookings_medical_profile_id_medical_profiles_id_fk";--> statement-breakpoint
ALTER TABLE "bookings" DROP CONSTRAINT "bookings_time_slot_id_time_slots_id_fk";--> statement-breakpoint
ALTER TABLE "bookings" DROP CONSTRAINT "bookings_schedule_id_schedules_id_fk";--> statement-breakpoint
ALTER TABLE "bookings" DROP CONSTRAINT "bookings_doctor_id_doctors_id_fk";--> statement-breakpoint
ALTER TABLE "bookings" DROP CONSTRAINT "bookings_room_id_rooms_id_fk";--> statement-breakpoint
ALTER TABLE "bookings" DROP CONSTRAINT "bookings_department_id_departments_id_fk";--> statement-breakpoint
ALTER TABLE "bookings" DROP CONSTRAINT "bookings_specialty_id_specialties_id_fk";--> statement-breakpoint
ALTER TABLE "bookings" DROP CONSTRAINT "bookings_created_by_accounts_id_fk";--> statement-breakpoint
ALTER TABLE "queue_counters" DROP CONSTRAINT "queue_counters_room_id_rooms_id_fk";--> statement-breakpoint
ALTER TABLE "schedule_logs" DROP CONSTRAINT "schedule_logs_doctor_id_doctors_id_fk";--> statement-breakpoint
ALTER TABLE "schedule_logs" DROP CONSTRAINT "schedule_logs_account_id_accounts_id_fk";--> statement-breakpoint
ALTER TABLE "schedules" DROP CONSTRAINT "schedules_doctor_id_doctors_id_fk";--> statement-breakpoint
ALTER TABLE "schedules" DROP CONSTRAINT "schedules_room_id_rooms_id_fk";--> statement-breakpoint
ALTER TABLE "schedules" DROP CONSTRAINT "schedules_department_id_departments_id_fk";--> statement-breakpoint
ALTER TABLE "schedules" DROP CONSTRAINT "schedules_created_by_accounts_id_fk";--> statement-breakpoint
ALTER TABLE "time_slots" DROP CONSTRAINT "time_slots_schedule_id_schedules_id_fk";--> statement-breakpoint
ALTER TABLE "time_slots" DROP CONSTRAINT "time_slots_doctor_id_doctors_id_fk";--> statement-breakpoint
-- 1b. foreign keys of the child tables without facility_id (added again below, on the parents' id_uq)
ALTER TABLE "account_roles" DROP CONSTRAINT "account_roles_account_id_accounts_id_fk";--> statement-breakpoint
ALTER TABLE "account_roles" DROP CONSTRAINT "account_roles_role_id_roles_id_fk";--> statement-breakpoint
ALTER TABLE "account_rooms" DROP CONSTRAINT "account_rooms_account_id_accounts_id_fk";--> statement-breakpoint
ALTER TABLE "account_rooms" DROP CONSTRAINT "account_rooms_room_id_rooms_id_fk";--> statement-breakpoint
ALTER TABLE "role_authorities" DROP CONSTRAINT "role_authorities_role_id_roles_id_fk";--> statement-breakpoint
ALTER TABLE "diagnostics" DROP CONSTRAINT "diagnostics_history_id_patient_histories_id_fk";--> statement-breakpoint
ALTER TABLE "medical_profile_exts" DROP CONSTRAINT "medical_profile_exts_profile_id_medical_profiles_id_fk";--> statement-breakpoint
ALTER TABLE "medical_records" DROP CONSTRAINT "medical_records_history_id_patient_histories_id_fk";--> statement-breakpoint
ALTER TABLE "prescriptions" DROP CONSTRAINT "prescriptions_history_id_patient_histories_id_fk";--> statement-breakpoint
ALTER TABLE "doctor_rooms" DROP CONSTRAINT "doctor_rooms_doctor_id_doctors_id_fk";--> statement-breakpoint
ALTER TABLE "doctor_rooms" DROP CONSTRAINT "doctor_rooms_room_id_rooms_id_fk";--> statement-breakpoint
ALTER TABLE "doctor_specialties" DROP CONSTRAINT "doctor_specialties_doctor_id_doctors_id_fk";--> statement-breakpoint
ALTER TABLE "doctor_specialties" DROP CONSTRAINT "doctor_specialties_specialty_id_specialties_id_fk";--> statement-breakpoint
ALTER TABLE "doctor_work_history" DROP CONSTRAINT "doctor_work_history_doctor_id_doctors_id_fk";--> statement-breakpoint
ALTER TABLE "booking_services" DROP CONSTRAINT "booking_services_booking_id_bookings_id_fk";--> statement-breakpoint
ALTER TABLE "booking_services" DROP CONSTRAINT "booking_services_service_id_medical_services_id_fk";--> statement-breakpoint
-- 2. primary keys (id) -> (id, facility_id)
ALTER TABLE "accounts" DROP CONSTRAINT "accounts_pkey";--> statement-breakpoint
ALTER TABLE "roles" DROP CONSTRAINT "roles_pkey";--> statement-breakpoint
ALTER TABLE "sessions" DROP CONSTRAINT "sessions_pkey";--> statement-breakpoint
ALTER TABLE "departments" DROP CONSTRAINT "departments_pkey";--> statement-breakpoint
ALTER TABLE "medical_services" DROP CONSTRAINT "medical_services_pkey";--> statement-breakpoint
ALTER TABLE "rooms" DROP CONSTRAINT "rooms_pkey";--> statement-breakpoint
ALTER TABLE "service_types" DROP CONSTRAINT "service_types_pkey";--> statement-breakpoint
ALTER TABLE "specialties" DROP CONSTRAINT "specialties_pkey";--> statement-breakpoint
ALTER TABLE "jobs" DROP CONSTRAINT "jobs_pkey";--> statement-breakpoint
ALTER TABLE "nations" DROP CONSTRAINT "nations_pkey";--> statement-breakpoint
ALTER TABLE "medical_profiles" DROP CONSTRAINT "medical_profiles_pkey";--> statement-breakpoint
ALTER TABLE "patient_histories" DROP CONSTRAINT "patient_histories_pkey";--> statement-breakpoint
ALTER TABLE "patient_sessions" DROP CONSTRAINT "patient_sessions_pkey";--> statement-breakpoint
ALTER TABLE "patient_users" DROP CONSTRAINT "patient_users_pkey";--> statement-breakpoint
ALTER TABLE "result_files" DROP CONSTRAINT "result_files_pkey";--> statement-breakpoint
ALTER TABLE "doctors" DROP CONSTRAINT "doctors_pkey";--> statement-breakpoint
ALTER TABLE "booking_logs" DROP CONSTRAINT "booking_logs_pkey";--> statement-breakpoint
ALTER TABLE "bookings" DROP CONSTRAINT "bookings_pkey";--> statement-breakpoint
ALTER TABLE "schedule_logs" DROP CONSTRAINT "schedule_logs_pkey";--> statement-breakpoint
ALTER TABLE "schedules" DROP CONSTRAINT "schedules_pkey";--> statement-breakpoint
ALTER TABLE "time_slots" DROP CONSTRAINT "time_slots_pkey";--> statement-breakpoint
-- 2b. unique keys without facility_id
DROP INDEX "bookings_room_day_queue_uq";--> statement-breakpoint
DROP INDEX "time_slots_schedule_start_uq";--> statement-breakpoint
ALTER TABLE "queue_counters" DROP CONSTRAINT "queue_counters_room_id_date_pk";--> statement-breakpoint

ALTER TABLE "accounts" ADD CONSTRAINT "accounts_pkey" PRIMARY KEY("id","facility_id");--> statement-breakpoint
ALTER TABLE "roles" ADD CONSTRAINT "roles_pkey" PRIMARY KEY("id","facility_id");--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_pkey" PRIMARY KEY("id","facility_id");--> statement-breakpoint
ALTER TABLE "departments" ADD CONSTRAINT "departments_pkey" PRIMARY KEY("id","facility_id");--> statement-breakpoint
ALTER TABLE "medical_services" ADD CONSTRAINT "medical_services_pkey" PRIMARY KEY("id","facility_id");--> statement-breakpoint
ALTER TABLE "rooms" ADD CONSTRAINT "rooms_pkey" PRIMARY KEY("id","facility_id");--> statement-breakpoint
ALTER TABLE "service_types" ADD CONSTRAINT "service_types_pkey" PRIMARY KEY("id","facility_id");--> statement-breakpoint
ALTER TABLE "specialties" ADD CONSTRAINT "specialties_pkey" PRIMARY KEY("id","facility_id");--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_pkey" PRIMARY KEY("id","facility_id");--> statement-breakpoint
ALTER TABLE "nations" ADD CONSTRAINT "nations_pkey" PRIMARY KEY("id","facility_id");--> statement-breakpoint
ALTER TABLE "medical_profiles" ADD CONSTRAINT "medical_profiles_pkey" PRIMARY KEY("id","facility_id");--> statement-breakpoint
ALTER TABLE "patient_histories" ADD CONSTRAINT "patient_histories_pkey" PRIMARY KEY("id","facility_id");--> statement-breakpoint
ALTER TABLE "patient_sessions" ADD CONSTRAINT "patient_sessions_pkey" PRIMARY KEY("id","facility_id");--> statement-breakpoint
ALTER TABLE "patient_users" ADD CONSTRAINT "patient_users_pkey" PRIMARY KEY("id","facility_id");--> statement-breakpoint
ALTER TABLE "result_files" ADD CONSTRAINT "result_files_pkey" PRIMARY KEY("id","facility_id");--> statement-breakpoint
ALTER TABLE "doctors" ADD CONSTRAINT "doctors_pkey" PRIMARY KEY("id","facility_id");--> statement-breakpoint
ALTER TABLE "booking_logs" ADD CONSTRAINT "booking_logs_pkey" PRIMARY KEY("id","facility_id");--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_pkey" PRIMARY KEY("id","facility_id");--> statement-breakpoint
ALTER TABLE "queue_counters" ADD CONSTRAINT "queue_counters_pkey" PRIMARY KEY("room_id","date","facility_id");--> statement-breakpoint
ALTER TABLE "schedule_logs" ADD CONSTRAINT "schedule_logs_pkey" PRIMARY KEY("id","facility_id");--> statement-breakpoint
ALTER TABLE "schedules" ADD CONSTRAINT "schedules_pkey" PRIMARY KEY("id","facility_id");--> statement-breakpoint
ALTER TABLE "time_slots" ADD CONSTRAINT "time_slots_pkey" PRIMARY KEY("id","facility_id");--> statement-breakpoint
-- 2c. parents of the child tables keep a unique key on id alone until those children get facility_id
CREATE UNIQUE INDEX "accounts_id_uq" ON "accounts" USING btree ("id");--> statement-breakpoint
CREATE UNIQUE INDEX "roles_id_uq" ON "roles" USING btree ("id");--> statement-breakpoint
CREATE UNIQUE INDEX "medical_services_id_uq" ON "medical_services" USING btree ("id");--> statement-breakpoint
CREATE UNIQUE INDEX "rooms_id_uq" ON "rooms" USING btree ("id");--> statement-breakpoint
CREATE UNIQUE INDEX "specialties_id_uq" ON "specialties" USING btree ("id");--> statement-breakpoint
CREATE UNIQUE INDEX "medical_profiles_id_uq" ON "medical_profiles" USING btree ("id");--> statement-breakpoint
CREATE UNIQUE INDEX "patient_histories_id_uq" ON "patient_histories" USING btree ("id");--> statement-breakpoint
CREATE UNIQUE INDEX "doctors_id_uq" ON "doctors" USING btree ("id");--> statement-breakpoint
CREATE UNIQUE INDEX "bookings_id_uq" ON "bookings" USING btree ("id");--> statement-breakpoint

CREATE UNIQUE INDEX "bookings_room_day_queue_uq" ON "bookings" USING btree ("room_id","date","queue_number","facility_id") WHERE "bookings"."queue_number" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "time_slots_schedule_start_uq" ON "time_slots" USING btree ("schedule_id","start_time","facility_id");--> statement-breakpoint
-- 3. foreign keys between facility-owned tables, on (facility_id, x_id)
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_account_fk" FOREIGN KEY ("facility_id","account_id") REFERENCES "public"."accounts"("facility_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rooms" ADD CONSTRAINT "rooms_department_fk" FOREIGN KEY ("facility_id","department_id") REFERENCES "public"."departments"("facility_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rooms" ADD CONSTRAINT "rooms_specialty_fk" FOREIGN KEY ("facility_id","specialty_id") REFERENCES "public"."specialties"("facility_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "medical_profiles" ADD CONSTRAINT "medical_profiles_user_fk" FOREIGN KEY ("facility_id","user_id") REFERENCES "public"."patient_users"("facility_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patient_histories" ADD CONSTRAINT "patient_histories_user_fk" FOREIGN KEY ("facility_id","user_id") REFERENCES "public"."patient_users"("facility_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patient_histories" ADD CONSTRAINT "patient_histories_profile_fk" FOREIGN KEY ("facility_id","profile_id") REFERENCES "public"."medical_profiles"("facility_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patient_sessions" ADD CONSTRAINT "patient_sessions_user_fk" FOREIGN KEY ("facility_id","user_id") REFERENCES "public"."patient_users"("facility_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "result_files" ADD CONSTRAINT "result_files_user_fk" FOREIGN KEY ("facility_id","user_id") REFERENCES "public"."patient_users"("facility_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "result_files" ADD CONSTRAINT "result_files_profile_fk" FOREIGN KEY ("facility_id","profile_id") REFERENCES "public"."medical_profiles"("facility_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "result_files" ADD CONSTRAINT "result_files_history_fk" FOREIGN KEY ("facility_id","history_id") REFERENCES "public"."patient_histories"("facility_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "result_files" ADD CONSTRAINT "result_files_uploaded_by_fk" FOREIGN KEY ("facility_id","uploaded_by") REFERENCES "public"."accounts"("facility_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "doctors" ADD CONSTRAINT "doctors_department_fk" FOREIGN KEY ("facility_id","department_id") REFERENCES "public"."departments"("facility_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_logs" ADD CONSTRAINT "booking_logs_booking_fk" FOREIGN KEY ("facility_id","booking_id") REFERENCES "public"."bookings"("facility_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_logs" ADD CONSTRAINT "booking_logs_account_fk" FOREIGN KEY ("facility_id","account_id") REFERENCES "public"."accounts"("facility_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_patient_user_fk" FOREIGN KEY ("facility_id","patient_user_id") REFERENCES "public"."patient_users"("facility_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_medical_profile_fk" FOREIGN KEY ("facility_id","medical_profile_id") REFERENCES "public"."medical_profiles"("facility_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_time_slot_fk" FOREIGN KEY ("facility_id","time_slot_id") REFERENCES "public"."time_slots"("facility_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_schedule_fk" FOREIGN KEY ("facility_id","schedule_id") REFERENCES "public"."schedules"("facility_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_doctor_fk" FOREIGN KEY ("facility_id","doctor_id") REFERENCES "public"."doctors"("facility_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_room_fk" FOREIGN KEY ("facility_id","room_id") REFERENCES "public"."rooms"("facility_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_department_fk" FOREIGN KEY ("facility_id","department_id") REFERENCES "public"."departments"("facility_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_specialty_fk" FOREIGN KEY ("facility_id","specialty_id") REFERENCES "public"."specialties"("facility_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_created_by_fk" FOREIGN KEY ("facility_id","created_by") REFERENCES "public"."accounts"("facility_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "queue_counters" ADD CONSTRAINT "queue_counters_room_fk" FOREIGN KEY ("facility_id","room_id") REFERENCES "public"."rooms"("facility_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedule_logs" ADD CONSTRAINT "schedule_logs_doctor_fk" FOREIGN KEY ("facility_id","doctor_id") REFERENCES "public"."doctors"("facility_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedule_logs" ADD CONSTRAINT "schedule_logs_account_fk" FOREIGN KEY ("facility_id","account_id") REFERENCES "public"."accounts"("facility_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedules" ADD CONSTRAINT "schedules_doctor_fk" FOREIGN KEY ("facility_id","doctor_id") REFERENCES "public"."doctors"("facility_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedules" ADD CONSTRAINT "schedules_room_fk" FOREIGN KEY ("facility_id","room_id") REFERENCES "public"."rooms"("facility_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedules" ADD CONSTRAINT "schedules_department_fk" FOREIGN KEY ("facility_id","department_id") REFERENCES "public"."departments"("facility_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedules" ADD CONSTRAINT "schedules_created_by_fk" FOREIGN KEY ("facility_id","created_by") REFERENCES "public"."accounts"("facility_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_slots" ADD CONSTRAINT "time_slots_schedule_fk" FOREIGN KEY ("facility_id","schedule_id") REFERENCES "public"."schedules"("facility_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_slots" ADD CONSTRAINT "time_slots_doctor_fk" FOREIGN KEY ("facility_id","doctor_id") REFERENCES "public"."doctors"("facility_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- 3b. the child tables' foreign keys again, as they were
ALTER TABLE "account_roles" ADD CONSTRAINT "account_roles_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_roles" ADD CONSTRAINT "account_roles_role_id_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."roles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_rooms" ADD CONSTRAINT "account_rooms_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_rooms" ADD CONSTRAINT "account_rooms_room_id_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."rooms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "role_authorities" ADD CONSTRAINT "role_authorities_role_id_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."roles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "diagnostics" ADD CONSTRAINT "diagnostics_history_id_patient_histories_id_fk" FOREIGN KEY ("history_id") REFERENCES "public"."patient_histories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "medical_profile_exts" ADD CONSTRAINT "medical_profile_exts_profile_id_medical_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."medical_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "medical_records" ADD CONSTRAINT "medical_records_history_id_patient_histories_id_fk" FOREIGN KEY ("history_id") REFERENCES "public"."patient_histories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prescriptions" ADD CONSTRAINT "prescriptions_history_id_patient_histories_id_fk" FOREIGN KEY ("history_id") REFERENCES "public"."patient_histories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "doctor_rooms" ADD CONSTRAINT "doctor_rooms_doctor_id_doctors_id_fk" FOREIGN KEY ("doctor_id") REFERENCES "public"."doctors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "doctor_rooms" ADD CONSTRAINT "doctor_rooms_room_id_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."rooms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "doctor_specialties" ADD CONSTRAINT "doctor_specialties_doctor_id_doctors_id_fk" FOREIGN KEY ("doctor_id") REFERENCES "public"."doctors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "doctor_specialties" ADD CONSTRAINT "doctor_specialties_specialty_id_specialties_id_fk" FOREIGN KEY ("specialty_id") REFERENCES "public"."specialties"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "doctor_work_history" ADD CONSTRAINT "doctor_work_history_doctor_id_doctors_id_fk" FOREIGN KEY ("doctor_id") REFERENCES "public"."doctors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_services" ADD CONSTRAINT "booking_services_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_services" ADD CONSTRAINT "booking_services_service_id_medical_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."medical_services"("id") ON DELETE no action ON UPDATE no action;
