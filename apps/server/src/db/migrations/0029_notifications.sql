CREATE TABLE "notification_events" (
	"facility_id" integer NOT NULL,
	"event" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"title" text NOT NULL,
	"template" text NOT NULL,
	"channels" text[] NOT NULL,
	"zalo_template_id" text,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notification_events_pkey" PRIMARY KEY("facility_id","event")
);
--> statement-breakpoint
CREATE TABLE "notification_groups" (
	"id" serial NOT NULL,
	"facility_id" integer NOT NULL,
	"title" text NOT NULL,
	"content" text NOT NULL,
	"image_url" text,
	"link_type" text DEFAULT 'NONE' NOT NULL,
	"link_value" text,
	"kind" text DEFAULT 'CARE' NOT NULL,
	"audience" jsonb NOT NULL,
	"recipients" integer,
	"status" text DEFAULT 'DRAFT' NOT NULL,
	"scheduled_at" timestamp with time zone,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"error" text,
	"search_text" text DEFAULT '' NOT NULL,
	"created_by" integer,
	"updated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notification_groups_pkey" PRIMARY KEY("id","facility_id")
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" bigserial NOT NULL,
	"facility_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"group_id" integer,
	"event" text,
	"event_ref" text,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"image_url" text,
	"link" text,
	"data" jsonb,
	"kind" text DEFAULT 'CARE' NOT NULL,
	"status" text DEFAULT 'QUEUED' NOT NULL,
	"channel" text,
	"attempts" smallint DEFAULT 0 NOT NULL,
	"provider_message_id" text,
	"error_code" text,
	"error" text,
	"sending_since" timestamp with time zone,
	"not_before" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"read_at" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notifications_pkey" PRIMARY KEY("id","facility_id")
);
--> statement-breakpoint
CREATE TABLE "notify_channel_settings" (
	"facility_id" integer NOT NULL,
	"channel" text NOT NULL,
	"provider" text NOT NULL,
	"settings" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"secrets" text,
	"status" jsonb,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notify_channel_settings_pkey" PRIMARY KEY("facility_id","channel")
);
--> statement-breakpoint
CREATE TABLE "patient_devices" (
	"id" bigserial NOT NULL,
	"facility_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"platform" text NOT NULL,
	"token" text NOT NULL,
	"keys" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "patient_devices_pkey" PRIMARY KEY("id","facility_id")
);
--> statement-breakpoint
CREATE TABLE "patient_notify_prefs" (
	"facility_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"channel" text NOT NULL,
	"advertising" boolean NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "patient_notify_prefs_pkey" PRIMARY KEY("facility_id","user_id","channel")
);
--> statement-breakpoint
ALTER TABLE "notification_events" ADD CONSTRAINT "notification_events_facility_id_facilities_id_fk" FOREIGN KEY ("facility_id") REFERENCES "public"."facilities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_groups" ADD CONSTRAINT "notification_groups_facility_id_facilities_id_fk" FOREIGN KEY ("facility_id") REFERENCES "public"."facilities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_groups" ADD CONSTRAINT "notification_groups_created_by_fk" FOREIGN KEY ("facility_id","created_by") REFERENCES "public"."accounts"("facility_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_groups" ADD CONSTRAINT "notification_groups_updated_by_fk" FOREIGN KEY ("facility_id","updated_by") REFERENCES "public"."accounts"("facility_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_facility_id_facilities_id_fk" FOREIGN KEY ("facility_id") REFERENCES "public"."facilities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_fk" FOREIGN KEY ("facility_id","user_id") REFERENCES "public"."patient_users"("facility_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_group_fk" FOREIGN KEY ("facility_id","group_id") REFERENCES "public"."notification_groups"("facility_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notify_channel_settings" ADD CONSTRAINT "notify_channel_settings_facility_id_facilities_id_fk" FOREIGN KEY ("facility_id") REFERENCES "public"."facilities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patient_devices" ADD CONSTRAINT "patient_devices_facility_id_facilities_id_fk" FOREIGN KEY ("facility_id") REFERENCES "public"."facilities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patient_devices" ADD CONSTRAINT "patient_devices_user_fk" FOREIGN KEY ("facility_id","user_id") REFERENCES "public"."patient_users"("facility_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patient_notify_prefs" ADD CONSTRAINT "patient_notify_prefs_facility_id_facilities_id_fk" FOREIGN KEY ("facility_id") REFERENCES "public"."facilities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patient_notify_prefs" ADD CONSTRAINT "patient_notify_prefs_user_fk" FOREIGN KEY ("facility_id","user_id") REFERENCES "public"."patient_users"("facility_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notification_groups_list_idx" ON "notification_groups" USING btree ("facility_id","id");--> statement-breakpoint
CREATE INDEX "notification_groups_search_trgm" ON "notification_groups" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "notification_groups_due_idx" ON "notification_groups" USING btree ("status","scheduled_at");--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_group_user_uq" ON "notifications" USING btree ("facility_id","group_id","user_id") WHERE "notifications"."group_id" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_event_uq" ON "notifications" USING btree ("facility_id","event","event_ref","user_id") WHERE "notifications"."event" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "notifications_inbox_idx" ON "notifications" USING btree ("facility_id","user_id","id");--> statement-breakpoint
CREATE INDEX "notifications_group_status_idx" ON "notifications" USING btree ("group_id","status");--> statement-breakpoint
CREATE INDEX "notifications_list_idx" ON "notifications" USING btree ("facility_id","id");--> statement-breakpoint
CREATE INDEX "notifications_queued_idx" ON "notifications" USING btree ("facility_id","not_before") WHERE "notifications"."status" IN ('QUEUED', 'SENDING');--> statement-breakpoint
CREATE INDEX "notifications_provider_idx" ON "notifications" USING btree ("provider_message_id");--> statement-breakpoint
CREATE UNIQUE INDEX "patient_devices_token_uq" ON "patient_devices" USING btree ("facility_id","token");--> statement-breakpoint
CREATE INDEX "patient_devices_user_idx" ON "patient_devices" USING btree ("facility_id","user_id");