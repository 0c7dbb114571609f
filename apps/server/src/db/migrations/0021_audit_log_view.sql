CREATE TABLE "audit_log_archive" (
	"id" bigint PRIMARY KEY NOT NULL,
	"facility_id" integer,
	"actor_id" integer,
	"actor_username" text,
	"action" text NOT NULL,
	"entity" text NOT NULL,
	"entity_id" text,
	"before" jsonb,
	"after" jsonb,
	"ip" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"archived_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "audit_entity_idx";--> statement-breakpoint
CREATE INDEX "audit_archive_facility_time_idx" ON "audit_log_archive" USING btree ("facility_id","created_at");--> statement-breakpoint
CREATE INDEX "audit_facility_id_idx" ON "audit_log" USING btree ("facility_id","id" DESC);--> statement-breakpoint
CREATE INDEX "audit_facility_actor_id_idx" ON "audit_log" USING btree ("facility_id","actor_id","id" DESC);--> statement-breakpoint
CREATE INDEX "audit_facility_entity_idx" ON "audit_log" USING btree ("facility_id","entity","entity_id","id" DESC);--> statement-breakpoint
-- The archive job alone may remove old rows from audit_log: in its own transaction it sets
-- portal.audit_archiving (SET LOCAL) and copies each row to audit_log_archive before deleting it.
-- UPDATE and TRUNCATE stay refused for everyone; the archive itself refuses every change.
CREATE OR REPLACE FUNCTION audit_log_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' AND TG_TABLE_NAME = 'audit_log' AND current_setting('portal.audit_archiving', true) = 'on'
     AND EXISTS (SELECT 1 FROM audit_log_archive a WHERE a.id = OLD.id) THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION '% is append-only (% refused)', TG_TABLE_NAME, TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER audit_log_archive_no_update BEFORE UPDATE OR DELETE ON audit_log_archive
  FOR EACH ROW EXECUTE FUNCTION audit_log_refuse_change();
--> statement-breakpoint
CREATE TRIGGER audit_log_archive_no_truncate BEFORE TRUNCATE ON audit_log_archive
  FOR EACH STATEMENT EXECUTE FUNCTION audit_log_refuse_change();
