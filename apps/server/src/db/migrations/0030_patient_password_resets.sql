CREATE TABLE "patient_password_resets" (
	"id" bigserial NOT NULL,
	"facility_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"code_hash" text NOT NULL,
	"attempts" smallint DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	"ip" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "patient_password_resets_pkey" PRIMARY KEY("id","facility_id")
);
--> statement-breakpoint
ALTER TABLE "patient_password_resets" ADD CONSTRAINT "patient_password_resets_facility_id_facilities_id_fk" FOREIGN KEY ("facility_id") REFERENCES "public"."facilities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patient_password_resets" ADD CONSTRAINT "patient_password_resets_user_fk" FOREIGN KEY ("facility_id","user_id") REFERENCES "public"."patient_users"("facility_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "patient_password_resets_user_idx" ON "patient_password_resets" USING btree ("facility_id","user_id","id");