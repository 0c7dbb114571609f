CREATE TABLE "background_jobs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"facility_id" integer,
	"name" text NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"max_attempts" integer DEFAULT 5 NOT NULL,
	"run_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_by" text,
	"locked_until" timestamp with time zone,
	"key" text,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "background_jobs_state_check" CHECK ("background_jobs"."state" IN ('queued', 'running', 'done', 'dead')),
	CONSTRAINT "background_jobs_attempts_check" CHECK ("background_jobs"."max_attempts" >= 1 AND "background_jobs"."attempts" >= 0)
);
--> statement-breakpoint
ALTER TABLE "background_jobs" ADD CONSTRAINT "background_jobs_facility_id_facilities_id_fk" FOREIGN KEY ("facility_id") REFERENCES "public"."facilities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "background_jobs_claim_idx" ON "background_jobs" USING btree ("state","run_at");--> statement-breakpoint
CREATE INDEX "background_jobs_facility_state_idx" ON "background_jobs" USING btree ("facility_id","state","id");--> statement-breakpoint
CREATE UNIQUE INDEX "background_jobs_key_uq" ON "background_jobs" USING btree (coalesce("facility_id", 0),"name","key") WHERE "background_jobs"."key" IS NOT NULL;