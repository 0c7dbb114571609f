CREATE TABLE "medical_services" (
	"id" serial PRIMARY KEY NOT NULL,
	"facility_id" integer NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"price" integer NOT NULL,
	"insurance_price" integer,
	"type_value" integer NOT NULL,
	"price_entries" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"search_text" text NOT NULL,
	"code_search" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "service_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"facility_id" integer NOT NULL,
	"value" integer NOT NULL,
	"name" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
ALTER TABLE "facilities" ADD COLUMN "public_profile" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "medical_services" ADD CONSTRAINT "medical_services_facility_id_facilities_id_fk" FOREIGN KEY ("facility_id") REFERENCES "public"."facilities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_types" ADD CONSTRAINT "service_types_facility_id_facilities_id_fk" FOREIGN KEY ("facility_id") REFERENCES "public"."facilities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "medical_services_facility_code_uq" ON "medical_services" USING btree ("facility_id","code");--> statement-breakpoint
CREATE INDEX "medical_services_list_idx" ON "medical_services" USING btree ("facility_id","type_value","code");--> statement-breakpoint
CREATE INDEX "medical_services_search_trgm" ON "medical_services" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "medical_services_code_trgm" ON "medical_services" USING gin ("code_search" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "service_types_facility_value_uq" ON "service_types" USING btree ("facility_id","value");