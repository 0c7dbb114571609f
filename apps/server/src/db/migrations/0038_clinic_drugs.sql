CREATE TABLE "clinic_dose_sweeps" (
	"facility_id" integer PRIMARY KEY NOT NULL,
	"swept_through" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "clinic_doses" (
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "clinic_doses_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"facility_id" integer NOT NULL,
	"medicine_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"reminded_at" timestamp with time zone,
	"confirmed_at" timestamp with time zone,
	"missed_at" timestamp with time zone,
	CONSTRAINT "clinic_doses_pkey" PRIMARY KEY("id","facility_id"),
	CONSTRAINT "clinic_doses_status_ck" CHECK ("clinic_doses"."status" IN ('PENDING', 'TAKEN', 'MISSED'))
);
--> statement-breakpoint
CREATE TABLE "clinic_medicines" (
	"id" serial NOT NULL,
	"facility_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"name" text NOT NULL,
	"dose" text NOT NULL,
	"times" text[] NOT NULL,
	"every_days" smallint DEFAULT 1 NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date,
	"instructions" text DEFAULT '' NOT NULL,
	"source" text DEFAULT 'STAFF' NOT NULL,
	"prescription_id" integer,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"removed_at" timestamp with time zone,
	CONSTRAINT "clinic_medicines_pkey" PRIMARY KEY("id","facility_id"),
	CONSTRAINT "clinic_medicines_source_ck" CHECK ("clinic_medicines"."source" IN ('STAFF', 'PRESCRIPTION')),
	CONSTRAINT "clinic_medicines_every_days_ck" CHECK ("clinic_medicines"."every_days" BETWEEN 1 AND 30),
	CONSTRAINT "clinic_medicines_times_ck" CHECK (cardinality("clinic_medicines"."times") BETWEEN 1 AND 8),
	CONSTRAINT "clinic_medicines_period_ck" CHECK ("clinic_medicines"."end_date" IS NULL OR "clinic_medicines"."end_date" >= "clinic_medicines"."start_date")
);
--> statement-breakpoint
ALTER TABLE "clinic_dose_sweeps" ADD CONSTRAINT "clinic_dose_sweeps_facility_id_facilities_id_fk" FOREIGN KEY ("facility_id") REFERENCES "public"."facilities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clinic_doses" ADD CONSTRAINT "clinic_doses_facility_id_facilities_id_fk" FOREIGN KEY ("facility_id") REFERENCES "public"."facilities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clinic_doses" ADD CONSTRAINT "clinic_doses_medicine_fk" FOREIGN KEY ("medicine_id","facility_id") REFERENCES "public"."clinic_medicines"("id","facility_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clinic_doses" ADD CONSTRAINT "clinic_doses_member_fk" FOREIGN KEY ("facility_id","user_id") REFERENCES "public"."clinic_members"("facility_id","user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clinic_medicines" ADD CONSTRAINT "clinic_medicines_facility_id_facilities_id_fk" FOREIGN KEY ("facility_id") REFERENCES "public"."facilities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clinic_medicines" ADD CONSTRAINT "clinic_medicines_member_fk" FOREIGN KEY ("facility_id","user_id") REFERENCES "public"."clinic_members"("facility_id","user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clinic_medicines" ADD CONSTRAINT "clinic_medicines_created_by_fk" FOREIGN KEY ("facility_id","created_by") REFERENCES "public"."accounts"("facility_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "clinic_doses_once_uq" ON "clinic_doses" USING btree ("facility_id","medicine_id","due_at");--> statement-breakpoint
CREATE INDEX "clinic_doses_user_idx" ON "clinic_doses" USING btree ("facility_id","user_id","due_at");--> statement-breakpoint
CREATE INDEX "clinic_doses_due_idx" ON "clinic_doses" USING btree ("facility_id","due_at");--> statement-breakpoint
CREATE INDEX "clinic_doses_pending_idx" ON "clinic_doses" USING btree ("facility_id","due_at") WHERE "clinic_doses"."status" = 'PENDING';--> statement-breakpoint
CREATE INDEX "clinic_medicines_user_idx" ON "clinic_medicines" USING btree ("facility_id","user_id");--> statement-breakpoint
CREATE INDEX "clinic_medicines_times_gin" ON "clinic_medicines" USING gin ("times") WHERE "clinic_medicines"."removed_at" IS NULL;