CREATE TABLE "queue_screens" (
	"id" serial NOT NULL,
	"facility_id" integer NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"token_hash" text NOT NULL,
	"token_hint" text NOT NULL,
	"room_ids" integer[] DEFAULT '{}'::int[] NOT NULL,
	"volume" smallint DEFAULT 80 NOT NULL,
	"chime" boolean DEFAULT true NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"revoked_by" integer,
	CONSTRAINT "queue_screens_pkey" PRIMARY KEY("id","facility_id")
);
--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "queue_rank" smallint;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "queue_position" double precision;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "skip_count" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "announced_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "checkin_key" text DEFAULT substr(encode(sha256(gen_random_uuid()::text::bytea), 'hex'), 1, 16) NOT NULL;--> statement-breakpoint
ALTER TABLE "queue_screens" ADD CONSTRAINT "queue_screens_facility_id_facilities_id_fk" FOREIGN KEY ("facility_id") REFERENCES "public"."facilities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "queue_screens" ADD CONSTRAINT "queue_screens_created_by_fk" FOREIGN KEY ("facility_id","created_by") REFERENCES "public"."accounts"("facility_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "queue_screens" ADD CONSTRAINT "queue_screens_revoked_by_fk" FOREIGN KEY ("facility_id","revoked_by") REFERENCES "public"."accounts"("facility_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "queue_screens_token_uq" ON "queue_screens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "queue_screens_facility_idx" ON "queue_screens" USING btree ("facility_id","created_at");--> statement-breakpoint
CREATE INDEX "bookings_code_idx" ON "bookings" USING btree ("code");