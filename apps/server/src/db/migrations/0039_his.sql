CREATE TABLE "his_checkins" (
	"facility_id" integer NOT NULL,
	"booking_id" integer NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"his_ref" text,
	"his_queue_number" integer,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "his_checkins_pkey" PRIMARY KEY("facility_id","booking_id")
);
--> statement-breakpoint
CREATE TABLE "his_code_maps" (
	"facility_id" integer NOT NULL,
	"kind" text NOT NULL,
	"portal_id" integer NOT NULL,
	"his_ref" text NOT NULL,
	"method" text NOT NULL,
	"matched_at" timestamp with time zone DEFAULT now() NOT NULL,
	"matched_by" integer,
	CONSTRAINT "his_code_maps_pkey" PRIMARY KEY("facility_id","kind","portal_id")
);
--> statement-breakpoint
CREATE TABLE "his_connections" (
	"facility_id" integer PRIMARY KEY NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"base_url" text NOT NULL,
	"auth_type" text DEFAULT 'NONE' NOT NULL,
	"username" text,
	"client_id" text,
	"token_url" text,
	"sealed_secret" text,
	"his_organization_id" text NOT NULL,
	"patient_code_system" text NOT NULL,
	"timeout_seconds" integer DEFAULT 15 NOT NULL,
	"page_size" integer DEFAULT 100 NOT NULL,
	"max_pages" integer DEFAULT 200 NOT NULL,
	"sync_hour" integer,
	"nightly_pull" boolean DEFAULT false NOT NULL,
	"send_checkins" boolean DEFAULT true NOT NULL,
	"last_test" jsonb,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer
);
--> statement-breakpoint
CREATE TABLE "his_patient_links" (
	"facility_id" integer NOT NULL,
	"profile_id" integer NOT NULL,
	"his_id" text NOT NULL,
	"his_name" text NOT NULL,
	"linked_at" timestamp with time zone DEFAULT now() NOT NULL,
	"linked_by" integer,
	"last_pulled_at" timestamp with time zone,
	CONSTRAINT "his_patient_links_pkey" PRIMARY KEY("facility_id","profile_id")
);
--> statement-breakpoint
CREATE TABLE "his_remote_items" (
	"facility_id" integer NOT NULL,
	"kind" text NOT NULL,
	"ref" text NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"search_text" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "his_remote_items_pkey" PRIMARY KEY("facility_id","kind","ref")
);
--> statement-breakpoint
CREATE TABLE "his_sync_items" (
	"id" serial NOT NULL,
	"facility_id" integer NOT NULL,
	"run_id" integer NOT NULL,
	"ref" text NOT NULL,
	"code" text,
	"name" text,
	"action" text NOT NULL,
	"message" text,
	"changes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "his_sync_items_pkey" PRIMARY KEY("id","facility_id")
);
--> statement-breakpoint
CREATE TABLE "his_sync_runs" (
	"id" serial NOT NULL,
	"facility_id" integer NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'QUEUED' NOT NULL,
	"trigger" text NOT NULL,
	"retry_of" integer,
	"profile_id" integer,
	"total" integer DEFAULT 0 NOT NULL,
	"created" integer DEFAULT 0 NOT NULL,
	"updated" integer DEFAULT 0 NOT NULL,
	"unchanged" integer DEFAULT 0 NOT NULL,
	"skipped" integer DEFAULT 0 NOT NULL,
	"failed" integer DEFAULT 0 NOT NULL,
	"error" text,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	CONSTRAINT "his_sync_runs_pkey" PRIMARY KEY("id","facility_id")
);
--> statement-breakpoint
ALTER TABLE "patient_histories" ADD COLUMN "his_pulled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "result_files" ADD COLUMN "his_ref" text;--> statement-breakpoint
ALTER TABLE "his_checkins" ADD CONSTRAINT "his_checkins_facility_id_facilities_id_fk" FOREIGN KEY ("facility_id") REFERENCES "public"."facilities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "his_checkins" ADD CONSTRAINT "his_checkins_booking_fk" FOREIGN KEY ("facility_id","booking_id") REFERENCES "public"."bookings"("facility_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "his_code_maps" ADD CONSTRAINT "his_code_maps_facility_id_facilities_id_fk" FOREIGN KEY ("facility_id") REFERENCES "public"."facilities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "his_code_maps" ADD CONSTRAINT "his_code_maps_matched_by_fk" FOREIGN KEY ("facility_id","matched_by") REFERENCES "public"."accounts"("facility_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "his_connections" ADD CONSTRAINT "his_connections_facility_id_facilities_id_fk" FOREIGN KEY ("facility_id") REFERENCES "public"."facilities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "his_connections" ADD CONSTRAINT "his_connections_updated_by_fk" FOREIGN KEY ("facility_id","updated_by") REFERENCES "public"."accounts"("facility_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "his_patient_links" ADD CONSTRAINT "his_patient_links_facility_id_facilities_id_fk" FOREIGN KEY ("facility_id") REFERENCES "public"."facilities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "his_patient_links" ADD CONSTRAINT "his_patient_links_profile_fk" FOREIGN KEY ("facility_id","profile_id") REFERENCES "public"."medical_profiles"("facility_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "his_patient_links" ADD CONSTRAINT "his_patient_links_linked_by_fk" FOREIGN KEY ("facility_id","linked_by") REFERENCES "public"."accounts"("facility_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "his_remote_items" ADD CONSTRAINT "his_remote_items_facility_id_facilities_id_fk" FOREIGN KEY ("facility_id") REFERENCES "public"."facilities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "his_sync_items" ADD CONSTRAINT "his_sync_items_facility_id_facilities_id_fk" FOREIGN KEY ("facility_id") REFERENCES "public"."facilities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "his_sync_items" ADD CONSTRAINT "his_sync_items_run_fk" FOREIGN KEY ("run_id","facility_id") REFERENCES "public"."his_sync_runs"("id","facility_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "his_sync_runs" ADD CONSTRAINT "his_sync_runs_facility_id_facilities_id_fk" FOREIGN KEY ("facility_id") REFERENCES "public"."facilities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "his_sync_runs" ADD CONSTRAINT "his_sync_runs_created_by_fk" FOREIGN KEY ("facility_id","created_by") REFERENCES "public"."accounts"("facility_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "his_checkins_status_idx" ON "his_checkins" USING btree ("facility_id","status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "his_code_maps_ref_uq" ON "his_code_maps" USING btree ("facility_id","kind","his_ref");--> statement-breakpoint
CREATE UNIQUE INDEX "his_patient_links_his_uq" ON "his_patient_links" USING btree ("facility_id","his_id");--> statement-breakpoint
CREATE INDEX "his_remote_items_code_idx" ON "his_remote_items" USING btree ("facility_id","kind",lower("code"));--> statement-breakpoint
CREATE INDEX "his_remote_items_name_idx" ON "his_remote_items" USING btree ("facility_id","kind","search_text");--> statement-breakpoint
CREATE INDEX "his_sync_items_run_idx" ON "his_sync_items" USING btree ("facility_id","run_id","action","id");--> statement-breakpoint
CREATE INDEX "his_sync_runs_list_idx" ON "his_sync_runs" USING btree ("facility_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "his_sync_runs_one_active_uq" ON "his_sync_runs" USING btree ("facility_id","kind") WHERE "his_sync_runs"."status" IN ('QUEUED', 'RUNNING') AND "his_sync_runs"."kind" <> 'RECORDS';--> statement-breakpoint
CREATE UNIQUE INDEX "result_files_his_ref_uq" ON "result_files" USING btree ("facility_id","his_ref") WHERE "result_files"."his_ref" IS NOT NULL;