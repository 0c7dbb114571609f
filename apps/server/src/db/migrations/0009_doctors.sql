CREATE TABLE "doctor_rooms" (
	"doctor_id" integer NOT NULL,
	"room_id" integer NOT NULL,
	CONSTRAINT "doctor_rooms_doctor_id_room_id_pk" PRIMARY KEY("doctor_id","room_id")
);
--> statement-breakpoint
CREATE TABLE "doctor_specialties" (
	"doctor_id" integer NOT NULL,
	"specialty_id" integer NOT NULL,
	CONSTRAINT "doctor_specialties_doctor_id_specialty_id_pk" PRIMARY KEY("doctor_id","specialty_id")
);
--> statement-breakpoint
CREATE TABLE "doctor_work_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"doctor_id" integer NOT NULL,
	"from_month" text NOT NULL,
	"to_month" text,
	"place" text NOT NULL,
	"position" text,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "doctors" (
	"id" serial PRIMARY KEY NOT NULL,
	"facility_id" integer NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"gender" text NOT NULL,
	"date_of_birth" date,
	"academic_title" text,
	"degree" text NOT NULL,
	"position" text,
	"phone" text,
	"email" text,
	"biography" text,
	"avatar" text,
	"department_id" integer NOT NULL,
	"search_text" text DEFAULT '' NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "doctor_rooms" ADD CONSTRAINT "doctor_rooms_doctor_id_doctors_id_fk" FOREIGN KEY ("doctor_id") REFERENCES "public"."doctors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "doctor_rooms" ADD CONSTRAINT "doctor_rooms_room_id_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."rooms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "doctor_specialties" ADD CONSTRAINT "doctor_specialties_doctor_id_doctors_id_fk" FOREIGN KEY ("doctor_id") REFERENCES "public"."doctors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "doctor_specialties" ADD CONSTRAINT "doctor_specialties_specialty_id_specialties_id_fk" FOREIGN KEY ("specialty_id") REFERENCES "public"."specialties"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "doctor_work_history" ADD CONSTRAINT "doctor_work_history_doctor_id_doctors_id_fk" FOREIGN KEY ("doctor_id") REFERENCES "public"."doctors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "doctors" ADD CONSTRAINT "doctors_facility_id_facilities_id_fk" FOREIGN KEY ("facility_id") REFERENCES "public"."facilities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "doctors" ADD CONSTRAINT "doctors_department_id_departments_id_fk" FOREIGN KEY ("department_id") REFERENCES "public"."departments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "doctor_rooms_room_idx" ON "doctor_rooms" USING btree ("room_id");--> statement-breakpoint
CREATE INDEX "doctor_specialties_specialty_idx" ON "doctor_specialties" USING btree ("specialty_id");--> statement-breakpoint
CREATE INDEX "doctor_work_history_doctor_idx" ON "doctor_work_history" USING btree ("doctor_id","sort_order");--> statement-breakpoint
CREATE UNIQUE INDEX "doctors_facility_code_uq" ON "doctors" USING btree ("facility_id","code");--> statement-breakpoint
CREATE INDEX "doctors_search_trgm" ON "doctors" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "doctors_department_idx" ON "doctors" USING btree ("department_id");