CREATE TABLE "facility_settings" (
	"facility_id" integer NOT NULL,
	"key" text NOT NULL,
	"value" jsonb,
	"updated_by_id" integer,
	"updated_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "facility_settings_pkey" PRIMARY KEY("facility_id","key")
);
--> statement-breakpoint
ALTER TABLE "facilities" ADD COLUMN "working_hours" jsonb;--> statement-breakpoint
ALTER TABLE "facilities" ADD COLUMN "profile_updated_by" text;--> statement-breakpoint
ALTER TABLE "facilities" ADD COLUMN "profile_updated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "facility_settings" ADD CONSTRAINT "facility_settings_facility_id_facilities_id_fk" FOREIGN KEY ("facility_id") REFERENCES "public"."facilities"("id") ON DELETE no action ON UPDATE no action;