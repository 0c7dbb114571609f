CREATE SEQUENCE "public"."patient_code_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "diagnostics" (
	"id" serial PRIMARY KEY NOT NULL,
	"history_id" integer NOT NULL,
	"kind" text NOT NULL,
	"service_name" text NOT NULL,
	"result" text NOT NULL,
	"unit" text,
	"reference_range" text,
	"abnormal" boolean DEFAULT false NOT NULL,
	"conclusion" text,
	"performed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "medical_profile_exts" (
	"profile_id" integer PRIMARY KEY NOT NULL,
	"blood_type" text,
	"allergies" text,
	"chronic_diseases" text,
	"guardian_name" text,
	"guardian_phone" text,
	"note" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "medical_profiles" (
	"id" serial PRIMARY KEY NOT NULL,
	"facility_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"patient_code" text DEFAULT 'BN' || lpad(nextval('patient_code_seq')::text, 8, '0') NOT NULL,
	"relationship" text DEFAULT 'SELF' NOT NULL,
	"full_name" text NOT NULL,
	"birth_date" date NOT NULL,
	"gender" text NOT NULL,
	"phone" text,
	"email" text,
	"cccd" text,
	"bhyt" text,
	"bhyt_expiry" date,
	"nation_code" text,
	"job_code" text,
	"province_code" text,
	"ward_code" text,
	"street" text,
	"name_search" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "medical_records" (
	"id" serial PRIMARY KEY NOT NULL,
	"history_id" integer NOT NULL,
	"pulse" integer,
	"temperature" text,
	"blood_pressure" text,
	"weight_kg" text,
	"height_cm" integer,
	"symptoms" text,
	"examination" text,
	"treatment" text
);
--> statement-breakpoint
CREATE TABLE "patient_histories" (
	"id" serial PRIMARY KEY NOT NULL,
	"facility_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"profile_id" integer NOT NULL,
	"encounter_code" text NOT NULL,
	"visited_at" timestamp with time zone NOT NULL,
	"department_name" text NOT NULL,
	"doctor_name" text,
	"reason" text,
	"icd_code" text,
	"diagnosis" text,
	"conclusion" text,
	"follow_up_date" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "patient_sessions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"facility_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone,
	"revoked_reason" text
);
--> statement-breakpoint
CREATE TABLE "patient_users" (
	"id" serial PRIMARY KEY NOT NULL,
	"facility_id" integer NOT NULL,
	"name" text NOT NULL,
	"phone" text,
	"email" text,
	"password_hash" text,
	"must_change_password" boolean DEFAULT false NOT NULL,
	"last_password_reset" timestamp with time zone,
	"verified" boolean DEFAULT false NOT NULL,
	"verified_at" timestamp with time zone,
	"locked" boolean DEFAULT false NOT NULL,
	"locked_at" timestamp with time zone,
	"merged_into_id" integer,
	"merged_at" timestamp with time zone,
	"search_text" text DEFAULT '' NOT NULL,
	"search_vector" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, search_text)) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "prescriptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"history_id" integer NOT NULL,
	"drug_name" text NOT NULL,
	"active_ingredient" text,
	"dose" text NOT NULL,
	"quantity" integer NOT NULL,
	"unit" text NOT NULL,
	"usage" text NOT NULL,
	"days" integer
);
--> statement-breakpoint
CREATE TABLE "result_files" (
	"id" serial PRIMARY KEY NOT NULL,
	"facility_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"profile_id" integer NOT NULL,
	"history_id" integer,
	"storage_key" text NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"sha256" text NOT NULL,
	"uploaded_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "diagnostics" ADD CONSTRAINT "diagnostics_history_id_patient_histories_id_fk" FOREIGN KEY ("history_id") REFERENCES "public"."patient_histories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "medical_profile_exts" ADD CONSTRAINT "medical_profile_exts_profile_id_medical_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."medical_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "medical_profiles" ADD CONSTRAINT "medical_profiles_facility_id_facilities_id_fk" FOREIGN KEY ("facility_id") REFERENCES "public"."facilities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "medical_profiles" ADD CONSTRAINT "medical_profiles_user_id_patient_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."patient_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "medical_records" ADD CONSTRAINT "medical_records_history_id_patient_histories_id_fk" FOREIGN KEY ("history_id") REFERENCES "public"."patient_histories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patient_histories" ADD CONSTRAINT "patient_histories_facility_id_facilities_id_fk" FOREIGN KEY ("facility_id") REFERENCES "public"."facilities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patient_histories" ADD CONSTRAINT "patient_histories_user_id_patient_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."patient_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patient_histories" ADD CONSTRAINT "patient_histories_profile_id_medical_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."medical_profiles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patient_sessions" ADD CONSTRAINT "patient_sessions_user_id_patient_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."patient_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patient_sessions" ADD CONSTRAINT "patient_sessions_facility_id_facilities_id_fk" FOREIGN KEY ("facility_id") REFERENCES "public"."facilities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patient_users" ADD CONSTRAINT "patient_users_facility_id_facilities_id_fk" FOREIGN KEY ("facility_id") REFERENCES "public"."facilities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prescriptions" ADD CONSTRAINT "prescriptions_history_id_patient_histories_id_fk" FOREIGN KEY ("history_id") REFERENCES "public"."patient_histories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "result_files" ADD CONSTRAINT "result_files_facility_id_facilities_id_fk" FOREIGN KEY ("facility_id") REFERENCES "public"."facilities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "result_files" ADD CONSTRAINT "result_files_user_id_patient_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."patient_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "result_files" ADD CONSTRAINT "result_files_profile_id_medical_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."medical_profiles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "result_files" ADD CONSTRAINT "result_files_history_id_patient_histories_id_fk" FOREIGN KEY ("history_id") REFERENCES "public"."patient_histories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "result_files" ADD CONSTRAINT "result_files_uploaded_by_accounts_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "diagnostics_history_idx" ON "diagnostics" USING btree ("history_id");--> statement-breakpoint
CREATE UNIQUE INDEX "medical_profiles_facility_code_uq" ON "medical_profiles" USING btree ("facility_id","patient_code");--> statement-breakpoint
CREATE INDEX "medical_profiles_user_idx" ON "medical_profiles" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "medical_profiles_name_prefix_idx" ON "medical_profiles" USING btree ("facility_id","name_search" COLLATE "C","user_id");--> statement-breakpoint
CREATE INDEX "medical_profiles_phone_prefix_idx" ON "medical_profiles" USING btree ("facility_id","phone" COLLATE "C");--> statement-breakpoint
CREATE INDEX "medical_profiles_cccd_prefix_idx" ON "medical_profiles" USING btree ("facility_id","cccd" COLLATE "C");--> statement-breakpoint
CREATE INDEX "medical_profiles_bhyt_idx" ON "medical_profiles" USING btree ("facility_id","bhyt");--> statement-breakpoint
CREATE INDEX "medical_profiles_dup_name_idx" ON "medical_profiles" USING btree ("facility_id","name_search","birth_date");--> statement-breakpoint
CREATE INDEX "medical_records_history_idx" ON "medical_records" USING btree ("history_id");--> statement-breakpoint
CREATE INDEX "patient_histories_user_idx" ON "patient_histories" USING btree ("user_id","visited_at");--> statement-breakpoint
CREATE INDEX "patient_histories_profile_idx" ON "patient_histories" USING btree ("profile_id","visited_at");--> statement-breakpoint
CREATE UNIQUE INDEX "patient_histories_facility_encounter_uq" ON "patient_histories" USING btree ("facility_id","encounter_code");--> statement-breakpoint
CREATE UNIQUE INDEX "patient_sessions_token_uq" ON "patient_sessions" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "patient_sessions_user_idx" ON "patient_sessions" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "patient_users_facility_phone_uq" ON "patient_users" USING btree ("facility_id","phone");--> statement-breakpoint
CREATE UNIQUE INDEX "patient_users_facility_email_uq" ON "patient_users" USING btree ("facility_id","email");--> statement-breakpoint
CREATE INDEX "patient_users_list_idx" ON "patient_users" USING btree ("facility_id","created_at","id");--> statement-breakpoint
CREATE INDEX "patient_users_search_words" ON "patient_users" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "patient_users_merged_idx" ON "patient_users" USING btree ("merged_into_id");--> statement-breakpoint
CREATE INDEX "prescriptions_history_idx" ON "prescriptions" USING btree ("history_id");--> statement-breakpoint
CREATE UNIQUE INDEX "result_files_storage_key_uq" ON "result_files" USING btree ("storage_key");--> statement-breakpoint
CREATE INDEX "result_files_user_idx" ON "result_files" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "result_files_profile_idx" ON "result_files" USING btree ("profile_id");--> statement-breakpoint
CREATE INDEX "result_files_history_idx" ON "result_files" USING btree ("history_id");