CREATE TABLE "booking_logs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"facility_id" integer NOT NULL,
	"booking_id" integer NOT NULL,
	"action" text NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"reason" text,
	"actor" text NOT NULL,
	"account_id" integer,
	"detail" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "booking_services" (
	"booking_id" integer NOT NULL,
	"service_id" integer NOT NULL,
	"price" bigint NOT NULL,
	CONSTRAINT "booking_services_booking_id_service_id_pk" PRIMARY KEY("booking_id","service_id")
);
--> statement-breakpoint
CREATE TABLE "bookings" (
	"id" serial PRIMARY KEY NOT NULL,
	"facility_id" integer NOT NULL,
	"code" text NOT NULL,
	"patient_user_id" integer,
	"medical_profile_id" integer NOT NULL,
	"time_slot_id" integer NOT NULL,
	"schedule_id" integer NOT NULL,
	"doctor_id" integer NOT NULL,
	"room_id" integer NOT NULL,
	"department_id" integer NOT NULL,
	"specialty_id" integer,
	"date" date NOT NULL,
	"start_time" text NOT NULL,
	"end_time" text NOT NULL,
	"status" text NOT NULL,
	"fhir_status" text NOT NULL,
	"source" text NOT NULL,
	"priority" smallint DEFAULT 0 NOT NULL,
	"queue_number" integer,
	"symptom" text,
	"status_reason" text,
	"total_price" bigint DEFAULT 0 NOT NULL,
	"search_text" text DEFAULT '' NOT NULL,
	"created_by" integer,
	"checked_in_at" timestamp with time zone,
	"called_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "queue_counters" (
	"room_id" integer NOT NULL,
	"date" date NOT NULL,
	"facility_id" integer NOT NULL,
	"last_number" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "queue_counters_room_id_date_pk" PRIMARY KEY("room_id","date")
);
--> statement-breakpoint
CREATE TABLE "schedule_logs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"facility_id" integer NOT NULL,
	"doctor_id" integer,
	"schedule_id" integer,
	"action" text NOT NULL,
	"summary" text NOT NULL,
	"detail" jsonb,
	"account_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "schedules" (
	"id" serial PRIMARY KEY NOT NULL,
	"facility_id" integer NOT NULL,
	"doctor_id" integer NOT NULL,
	"room_id" integer NOT NULL,
	"department_id" integer NOT NULL,
	"date" date NOT NULL,
	"shift" text NOT NULL,
	"start_time" text NOT NULL,
	"end_time" text NOT NULL,
	"slot_minutes" smallint NOT NULL,
	"capacity" smallint NOT NULL,
	"note" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "time_slots" (
	"id" serial PRIMARY KEY NOT NULL,
	"facility_id" integer NOT NULL,
	"schedule_id" integer NOT NULL,
	"doctor_id" integer NOT NULL,
	"date" date NOT NULL,
	"start_time" text NOT NULL,
	"end_time" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"capacity" smallint NOT NULL,
	"booked" smallint DEFAULT 0 NOT NULL,
	CONSTRAINT "time_slots_booked_within_capacity" CHECK ("time_slots"."booked" >= 0 AND "time_slots"."booked" <= "time_slots"."capacity")
);
--> statement-breakpoint
ALTER TABLE "booking_logs" ADD CONSTRAINT "booking_logs_facility_id_facilities_id_fk" FOREIGN KEY ("facility_id") REFERENCES "public"."facilities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_logs" ADD CONSTRAINT "booking_logs_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_logs" ADD CONSTRAINT "booking_logs_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_services" ADD CONSTRAINT "booking_services_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_services" ADD CONSTRAINT "booking_services_service_id_medical_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."medical_services"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_facility_id_facilities_id_fk" FOREIGN KEY ("facility_id") REFERENCES "public"."facilities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_patient_user_id_patient_users_id_fk" FOREIGN KEY ("patient_user_id") REFERENCES "public"."patient_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_medical_profile_id_medical_profiles_id_fk" FOREIGN KEY ("medical_profile_id") REFERENCES "public"."medical_profiles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_time_slot_id_time_slots_id_fk" FOREIGN KEY ("time_slot_id") REFERENCES "public"."time_slots"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_schedule_id_schedules_id_fk" FOREIGN KEY ("schedule_id") REFERENCES "public"."schedules"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_doctor_id_doctors_id_fk" FOREIGN KEY ("doctor_id") REFERENCES "public"."doctors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_room_id_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."rooms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_department_id_departments_id_fk" FOREIGN KEY ("department_id") REFERENCES "public"."departments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_specialty_id_specialties_id_fk" FOREIGN KEY ("specialty_id") REFERENCES "public"."specialties"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_created_by_accounts_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "queue_counters" ADD CONSTRAINT "queue_counters_room_id_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."rooms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "queue_counters" ADD CONSTRAINT "queue_counters_facility_id_facilities_id_fk" FOREIGN KEY ("facility_id") REFERENCES "public"."facilities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedule_logs" ADD CONSTRAINT "schedule_logs_facility_id_facilities_id_fk" FOREIGN KEY ("facility_id") REFERENCES "public"."facilities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedule_logs" ADD CONSTRAINT "schedule_logs_doctor_id_doctors_id_fk" FOREIGN KEY ("doctor_id") REFERENCES "public"."doctors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedule_logs" ADD CONSTRAINT "schedule_logs_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedules" ADD CONSTRAINT "schedules_facility_id_facilities_id_fk" FOREIGN KEY ("facility_id") REFERENCES "public"."facilities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedules" ADD CONSTRAINT "schedules_doctor_id_doctors_id_fk" FOREIGN KEY ("doctor_id") REFERENCES "public"."doctors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedules" ADD CONSTRAINT "schedules_room_id_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."rooms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedules" ADD CONSTRAINT "schedules_department_id_departments_id_fk" FOREIGN KEY ("department_id") REFERENCES "public"."departments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedules" ADD CONSTRAINT "schedules_created_by_accounts_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_slots" ADD CONSTRAINT "time_slots_facility_id_facilities_id_fk" FOREIGN KEY ("facility_id") REFERENCES "public"."facilities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_slots" ADD CONSTRAINT "time_slots_schedule_id_schedules_id_fk" FOREIGN KEY ("schedule_id") REFERENCES "public"."schedules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_slots" ADD CONSTRAINT "time_slots_doctor_id_doctors_id_fk" FOREIGN KEY ("doctor_id") REFERENCES "public"."doctors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "booking_logs_booking_idx" ON "booking_logs" USING btree ("booking_id","id");--> statement-breakpoint
CREATE INDEX "booking_services_service_idx" ON "booking_services" USING btree ("service_id");--> statement-breakpoint
CREATE UNIQUE INDEX "bookings_facility_code_uq" ON "bookings" USING btree ("facility_id","code");--> statement-breakpoint
CREATE INDEX "bookings_day_status_idx" ON "bookings" USING btree ("facility_id","date","status","id");--> statement-breakpoint
CREATE INDEX "bookings_day_idx" ON "bookings" USING btree ("facility_id","date","start_time","id");--> statement-breakpoint
CREATE INDEX "bookings_slot_idx" ON "bookings" USING btree ("time_slot_id");--> statement-breakpoint
CREATE INDEX "bookings_schedule_idx" ON "bookings" USING btree ("schedule_id");--> statement-breakpoint
CREATE INDEX "bookings_doctor_date_idx" ON "bookings" USING btree ("doctor_id","date");--> statement-breakpoint
CREATE INDEX "bookings_profile_idx" ON "bookings" USING btree ("medical_profile_id","date");--> statement-breakpoint
CREATE INDEX "bookings_user_idx" ON "bookings" USING btree ("patient_user_id","date");--> statement-breakpoint
CREATE INDEX "bookings_search_trgm" ON "bookings" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "bookings_room_day_queue_uq" ON "bookings" USING btree ("room_id","date","queue_number") WHERE "bookings"."queue_number" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "schedule_logs_facility_time_idx" ON "schedule_logs" USING btree ("facility_id","created_at");--> statement-breakpoint
CREATE INDEX "schedule_logs_doctor_idx" ON "schedule_logs" USING btree ("doctor_id","created_at");--> statement-breakpoint
CREATE INDEX "schedules_facility_date_idx" ON "schedules" USING btree ("facility_id","date");--> statement-breakpoint
CREATE INDEX "schedules_doctor_date_idx" ON "schedules" USING btree ("doctor_id","date");--> statement-breakpoint
CREATE INDEX "schedules_room_date_idx" ON "schedules" USING btree ("room_id","date");--> statement-breakpoint
CREATE INDEX "schedules_department_date_idx" ON "schedules" USING btree ("department_id","date");--> statement-breakpoint
CREATE UNIQUE INDEX "time_slots_schedule_start_uq" ON "time_slots" USING btree ("schedule_id","start_time");--> statement-breakpoint
CREATE INDEX "time_slots_doctor_date_idx" ON "time_slots" USING btree ("doctor_id","date","start_time");