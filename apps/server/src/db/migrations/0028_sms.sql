CREATE TABLE "sms_batches" (
	"id" bigserial NOT NULL,
	"facility_id" integer NOT NULL,
	"content" text NOT NULL,
	"kind" text NOT NULL,
	"encoding" text NOT NULL,
	"parts" smallint NOT NULL,
	"recipients" integer NOT NULL,
	"cost" bigint NOT NULL,
	"provider" text NOT NULL,
	"not_before" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sms_batches_pkey" PRIMARY KEY("id","facility_id")
);
--> statement-breakpoint
CREATE TABLE "sms_messages" (
	"id" bigserial NOT NULL,
	"facility_id" integer NOT NULL,
	"batch_id" bigint NOT NULL,
	"phone" text NOT NULL,
	"status" text DEFAULT 'QUEUED' NOT NULL,
	"attempts" smallint DEFAULT 0 NOT NULL,
	"provider_message_id" text,
	"error_code" text,
	"error" text,
	"sending_since" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	CONSTRAINT "sms_messages_pkey" PRIMARY KEY("id","facility_id")
);
--> statement-breakpoint
CREATE TABLE "sms_templates" (
	"id" serial NOT NULL,
	"facility_id" integer NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"search_text" text DEFAULT '' NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"content" text NOT NULL,
	"kind" text DEFAULT 'CARE' NOT NULL,
	CONSTRAINT "sms_templates_pkey" PRIMARY KEY("id","facility_id"),
	CONSTRAINT "sms_templates_code_trimmed_ck" CHECK ("sms_templates"."code" = btrim("sms_templates"."code") AND "sms_templates"."code" <> '')
);
--> statement-breakpoint
-- the rollup tables get primary keys that carry facility_id, as every facility-owned table (facility-keys.int.test.ts)
ALTER TABLE "booking_day_stats" ADD COLUMN "id" bigserial NOT NULL;--> statement-breakpoint
ALTER TABLE "booking_day_stats" ADD CONSTRAINT "booking_day_stats_pkey" PRIMARY KEY("id","facility_id");--> statement-breakpoint
ALTER TABLE "booking_stat_deltas" DROP CONSTRAINT "booking_stat_deltas_pkey";--> statement-breakpoint
ALTER TABLE "booking_stat_deltas" ADD CONSTRAINT "booking_stat_deltas_pkey" PRIMARY KEY("id","facility_id");--> statement-breakpoint
ALTER TABLE "sms_batches" ADD CONSTRAINT "sms_batches_facility_id_facilities_id_fk" FOREIGN KEY ("facility_id") REFERENCES "public"."facilities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_batches" ADD CONSTRAINT "sms_batches_created_by_fk" FOREIGN KEY ("facility_id","created_by") REFERENCES "public"."accounts"("facility_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_messages" ADD CONSTRAINT "sms_messages_facility_id_facilities_id_fk" FOREIGN KEY ("facility_id") REFERENCES "public"."facilities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_messages" ADD CONSTRAINT "sms_messages_batch_fk" FOREIGN KEY ("facility_id","batch_id") REFERENCES "public"."sms_batches"("facility_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_templates" ADD CONSTRAINT "sms_templates_facility_id_facilities_id_fk" FOREIGN KEY ("facility_id") REFERENCES "public"."facilities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sms_batches_facility_idx" ON "sms_batches" USING btree ("facility_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "sms_messages_batch_phone_uq" ON "sms_messages" USING btree ("facility_id","batch_id","phone");--> statement-breakpoint
CREATE INDEX "sms_messages_batch_status_idx" ON "sms_messages" USING btree ("batch_id","status");--> statement-breakpoint
CREATE INDEX "sms_messages_provider_idx" ON "sms_messages" USING btree ("provider_message_id");--> statement-breakpoint
CREATE INDEX "sms_messages_phone_idx" ON "sms_messages" USING btree ("facility_id","phone","sent_at");--> statement-breakpoint
CREATE UNIQUE INDEX "sms_templates_facility_code_uq" ON "sms_templates" USING btree ("facility_id",lower("code"));--> statement-breakpoint
CREATE INDEX "sms_templates_search_trgm" ON "sms_templates" USING gin ("search_text" gin_trgm_ops);