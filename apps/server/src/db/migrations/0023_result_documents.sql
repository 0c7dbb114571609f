CREATE TABLE "result_documents" (
	"id" serial NOT NULL,
	"facility_id" integer NOT NULL,
	"history_id" integer NOT NULL,
	"title" text NOT NULL,
	"html" text NOT NULL,
	"text" text NOT NULL,
	"source_name" text NOT NULL,
	"dropped_images" integer DEFAULT 0 NOT NULL,
	"sha256" text NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "result_documents_pkey" PRIMARY KEY("id","facility_id")
);
--> statement-breakpoint
ALTER TABLE "result_documents" ADD CONSTRAINT "result_documents_facility_id_facilities_id_fk" FOREIGN KEY ("facility_id") REFERENCES "public"."facilities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "result_documents" ADD CONSTRAINT "result_documents_history_fk" FOREIGN KEY ("facility_id","history_id") REFERENCES "public"."patient_histories"("facility_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "result_documents" ADD CONSTRAINT "result_documents_created_by_fk" FOREIGN KEY ("facility_id","created_by") REFERENCES "public"."accounts"("facility_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "result_documents_history_idx" ON "result_documents" USING btree ("facility_id","history_id","created_at");