CREATE TABLE "question_comments" (
	"id" serial NOT NULL,
	"facility_id" integer NOT NULL,
	"question_id" integer NOT NULL,
	"account_id" integer NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "question_comments_pkey" PRIMARY KEY("id","facility_id")
);
--> statement-breakpoint
CREATE TABLE "questions" (
	"id" serial NOT NULL,
	"facility_id" integer NOT NULL,
	"patient_user_id" integer NOT NULL,
	"asker_name" text NOT NULL,
	"asker_gender" text,
	"asker_age" smallint,
	"title" text NOT NULL,
	"content" text NOT NULL,
	"image_urls" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"specialty_id" integer,
	"doctor_id" integer,
	"status" text DEFAULT 'NEW' NOT NULL,
	"sensitive" boolean DEFAULT false NOT NULL,
	"reject_reason" text,
	"answer_html" text,
	"answer_text" text,
	"answered_at" timestamp with time zone,
	"answered_by" integer,
	"answer_updated_at" timestamp with time zone,
	"accepted_at" timestamp with time zone,
	"accepted_by" integer,
	"search_text" text NOT NULL,
	"comment_count" integer DEFAULT 0 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "questions_pkey" PRIMARY KEY("id","facility_id"),
	CONSTRAINT "questions_status_ck" CHECK ("questions"."status" IN ('NEW', 'ACCEPTED', 'ANSWERED', 'REJECTED', 'HIDDEN')),
	CONSTRAINT "questions_answer_ck" CHECK ("questions"."status" <> 'ANSWERED' OR "questions"."answer_html" IS NOT NULL)
);
--> statement-breakpoint
ALTER TABLE "question_comments" ADD CONSTRAINT "question_comments_question_fk" FOREIGN KEY ("question_id","facility_id") REFERENCES "public"."questions"("id","facility_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_comments" ADD CONSTRAINT "question_comments_account_fk" FOREIGN KEY ("facility_id","account_id") REFERENCES "public"."accounts"("facility_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questions" ADD CONSTRAINT "questions_facility_id_facilities_id_fk" FOREIGN KEY ("facility_id") REFERENCES "public"."facilities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questions" ADD CONSTRAINT "questions_patient_user_fk" FOREIGN KEY ("facility_id","patient_user_id") REFERENCES "public"."patient_users"("facility_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questions" ADD CONSTRAINT "questions_specialty_fk" FOREIGN KEY ("facility_id","specialty_id") REFERENCES "public"."specialties"("facility_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questions" ADD CONSTRAINT "questions_doctor_fk" FOREIGN KEY ("facility_id","doctor_id") REFERENCES "public"."doctors"("facility_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questions" ADD CONSTRAINT "questions_answered_by_fk" FOREIGN KEY ("facility_id","answered_by") REFERENCES "public"."accounts"("facility_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questions" ADD CONSTRAINT "questions_accepted_by_fk" FOREIGN KEY ("facility_id","accepted_by") REFERENCES "public"."accounts"("facility_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "question_comments_question_idx" ON "question_comments" USING btree ("facility_id","question_id","id");--> statement-breakpoint
CREATE INDEX "questions_list_idx" ON "questions" USING btree ("facility_id","id");--> statement-breakpoint
CREATE INDEX "questions_status_idx" ON "questions" USING btree ("facility_id","status","id");--> statement-breakpoint
CREATE INDEX "questions_search_trgm" ON "questions" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "questions_specialty_idx" ON "questions" USING btree ("facility_id","specialty_id","status");--> statement-breakpoint
CREATE INDEX "questions_user_idx" ON "questions" USING btree ("facility_id","patient_user_id","id");--> statement-breakpoint
CREATE INDEX "questions_public_idx" ON "questions" USING btree ("facility_id","id") WHERE "questions"."status" = 'ANSWERED' AND NOT "questions"."sensitive";