CREATE TABLE "account_rooms" (
	"account_id" integer NOT NULL,
	"room_id" integer NOT NULL,
	CONSTRAINT "account_rooms_account_id_room_id_pk" PRIMARY KEY("account_id","room_id")
);
--> statement-breakpoint
ALTER TABLE "roles" ADD COLUMN "search_text" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "roles" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "account_rooms" ADD CONSTRAINT "account_rooms_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_rooms" ADD CONSTRAINT "account_rooms_room_id_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."rooms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "account_rooms_room_idx" ON "account_rooms" USING btree ("room_id");