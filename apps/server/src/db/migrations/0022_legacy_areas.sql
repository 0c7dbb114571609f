CREATE TABLE "area_conversions" (
	"old_area_id" integer NOT NULL,
	"new_area_id" integer NOT NULL,
	"partial" boolean DEFAULT false NOT NULL,
	CONSTRAINT "area_conversions_pkey" PRIMARY KEY("old_area_id","new_area_id")
);
--> statement-breakpoint
CREATE TABLE "area_reference" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"version" text NOT NULL,
	"loaded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "area_zone_members" (
	"zone_id" integer NOT NULL,
	"province_id" integer NOT NULL,
	CONSTRAINT "area_zone_members_pkey" PRIMARY KEY("zone_id","province_id")
);
--> statement-breakpoint
ALTER TABLE "area_conversions" ADD CONSTRAINT "area_conversions_old_area_id_areas_id_fk" FOREIGN KEY ("old_area_id") REFERENCES "public"."areas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "area_conversions" ADD CONSTRAINT "area_conversions_new_area_id_areas_id_fk" FOREIGN KEY ("new_area_id") REFERENCES "public"."areas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "area_zone_members" ADD CONSTRAINT "area_zone_members_zone_id_areas_id_fk" FOREIGN KEY ("zone_id") REFERENCES "public"."areas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "area_zone_members" ADD CONSTRAINT "area_zone_members_province_id_areas_id_fk" FOREIGN KEY ("province_id") REFERENCES "public"."areas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "area_conversions_new_idx" ON "area_conversions" USING btree ("new_area_id");--> statement-breakpoint
CREATE INDEX "area_zone_members_province_idx" ON "area_zone_members" USING btree ("province_id");