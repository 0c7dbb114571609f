CREATE TABLE "clinic_chat_groups" (
	"id" serial NOT NULL,
	"facility_id" integer NOT NULL,
	"kind" text DEFAULT 'GROUP' NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"program" text,
	"search_text" text NOT NULL,
	"member_count" integer DEFAULT 0 NOT NULL,
	"last_message_id" bigint,
	"last_message_at" timestamp with time zone,
	"last_message_preview" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "clinic_chat_groups_pkey" PRIMARY KEY("id","facility_id"),
	CONSTRAINT "clinic_chat_groups_kind_ck" CHECK ("clinic_chat_groups"."kind" IN ('GROUP', 'DIRECT'))
);
--> statement-breakpoint
CREATE TABLE "clinic_chat_messages" (
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "clinic_chat_messages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"facility_id" integer NOT NULL,
	"group_id" integer NOT NULL,
	"sender_account_id" integer,
	"sender_user_id" integer,
	"sender_name" text NOT NULL,
	"text" text DEFAULT '' NOT NULL,
	"image_url" text,
	"hidden" boolean DEFAULT false NOT NULL,
	"hidden_by" integer,
	"hidden_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "clinic_chat_messages_pkey" PRIMARY KEY("id","facility_id"),
	CONSTRAINT "clinic_chat_messages_sender_ck" CHECK (("clinic_chat_messages"."sender_account_id" IS NULL) <> ("clinic_chat_messages"."sender_user_id" IS NULL)),
	CONSTRAINT "clinic_chat_messages_content_ck" CHECK ("clinic_chat_messages"."text" <> '' OR "clinic_chat_messages"."image_url" IS NOT NULL)
);
--> statement-breakpoint
CREATE TABLE "clinic_chat_participants" (
	"id" serial NOT NULL,
	"facility_id" integer NOT NULL,
	"group_id" integer NOT NULL,
	"account_id" integer,
	"user_id" integer,
	"last_read_message_id" bigint DEFAULT 0 NOT NULL,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "clinic_chat_participants_pkey" PRIMARY KEY("id","facility_id"),
	CONSTRAINT "clinic_chat_participants_one_ck" CHECK (("clinic_chat_participants"."account_id" IS NULL) <> ("clinic_chat_participants"."user_id" IS NULL))
);
--> statement-breakpoint
CREATE TABLE "clinic_members" (
	"id" serial NOT NULL,
	"facility_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"medical_profile_id" integer NOT NULL,
	"program" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"deactivation_reason" text,
	"deactivated_at" timestamp with time zone,
	"doctor_id" integer,
	"note" text DEFAULT '' NOT NULL,
	"surveys" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"search_text" text NOT NULL,
	"enrolled_at" timestamp with time zone DEFAULT now() NOT NULL,
	"enrolled_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "clinic_members_pkey" PRIMARY KEY("id","facility_id"),
	CONSTRAINT "clinic_members_program_ck" CHECK ("clinic_members"."program" IN ('DIABETES', 'HYPERTENSION', 'PREGNANCY', 'ELDERLY'))
);
--> statement-breakpoint
ALTER TABLE "clinic_chat_groups" ADD CONSTRAINT "clinic_chat_groups_facility_id_facilities_id_fk" FOREIGN KEY ("facility_id") REFERENCES "public"."facilities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clinic_chat_groups" ADD CONSTRAINT "clinic_chat_groups_created_by_fk" FOREIGN KEY ("facility_id","created_by") REFERENCES "public"."accounts"("facility_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clinic_chat_messages" ADD CONSTRAINT "clinic_chat_messages_facility_id_facilities_id_fk" FOREIGN KEY ("facility_id") REFERENCES "public"."facilities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clinic_chat_messages" ADD CONSTRAINT "clinic_chat_messages_group_fk" FOREIGN KEY ("facility_id","group_id") REFERENCES "public"."clinic_chat_groups"("facility_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clinic_chat_messages" ADD CONSTRAINT "clinic_chat_messages_account_fk" FOREIGN KEY ("facility_id","sender_account_id") REFERENCES "public"."accounts"("facility_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clinic_chat_messages" ADD CONSTRAINT "clinic_chat_messages_user_fk" FOREIGN KEY ("facility_id","sender_user_id") REFERENCES "public"."patient_users"("facility_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clinic_chat_participants" ADD CONSTRAINT "clinic_chat_participants_facility_id_facilities_id_fk" FOREIGN KEY ("facility_id") REFERENCES "public"."facilities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clinic_chat_participants" ADD CONSTRAINT "clinic_chat_participants_group_fk" FOREIGN KEY ("facility_id","group_id") REFERENCES "public"."clinic_chat_groups"("facility_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clinic_chat_participants" ADD CONSTRAINT "clinic_chat_participants_account_fk" FOREIGN KEY ("facility_id","account_id") REFERENCES "public"."accounts"("facility_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clinic_chat_participants" ADD CONSTRAINT "clinic_chat_participants_user_fk" FOREIGN KEY ("facility_id","user_id") REFERENCES "public"."patient_users"("facility_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clinic_members" ADD CONSTRAINT "clinic_members_facility_id_facilities_id_fk" FOREIGN KEY ("facility_id") REFERENCES "public"."facilities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clinic_members" ADD CONSTRAINT "clinic_members_user_fk" FOREIGN KEY ("facility_id","user_id") REFERENCES "public"."patient_users"("facility_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clinic_members" ADD CONSTRAINT "clinic_members_profile_fk" FOREIGN KEY ("facility_id","medical_profile_id") REFERENCES "public"."medical_profiles"("facility_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clinic_members" ADD CONSTRAINT "clinic_members_doctor_fk" FOREIGN KEY ("facility_id","doctor_id") REFERENCES "public"."doctors"("facility_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clinic_members" ADD CONSTRAINT "clinic_members_enrolled_by_fk" FOREIGN KEY ("facility_id","enrolled_by") REFERENCES "public"."accounts"("facility_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "clinic_chat_groups_recent_idx" ON "clinic_chat_groups" USING btree ("facility_id","last_message_at");--> statement-breakpoint
CREATE INDEX "clinic_chat_messages_group_idx" ON "clinic_chat_messages" USING btree ("facility_id","group_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "clinic_chat_participants_account_uq" ON "clinic_chat_participants" USING btree ("facility_id","group_id","account_id") WHERE "clinic_chat_participants"."account_id" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "clinic_chat_participants_user_uq" ON "clinic_chat_participants" USING btree ("facility_id","group_id","user_id") WHERE "clinic_chat_participants"."user_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "clinic_chat_participants_account_idx" ON "clinic_chat_participants" USING btree ("facility_id","account_id");--> statement-breakpoint
CREATE INDEX "clinic_chat_participants_user_idx" ON "clinic_chat_participants" USING btree ("facility_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "clinic_members_user_uq" ON "clinic_members" USING btree ("facility_id","user_id");--> statement-breakpoint
CREATE INDEX "clinic_members_list_idx" ON "clinic_members" USING btree ("facility_id","id");--> statement-breakpoint
CREATE INDEX "clinic_members_program_idx" ON "clinic_members" USING btree ("facility_id","program","active");--> statement-breakpoint
CREATE INDEX "clinic_members_search_trgm" ON "clinic_members" USING gin ("search_text" gin_trgm_ops);