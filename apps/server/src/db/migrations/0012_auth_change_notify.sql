-- Signed-in sessions are cached for a few seconds on every server instance (core/access.ts).
-- Any change that can end a session or change what it may do tells every instance to forget its
-- cache: a NOTIFY on the live channel, delivered at commit (identical payloads of one transaction
-- are folded into one). Touching last_seen_at does not count.
CREATE FUNCTION portal_auth_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('portal_live', '{"facilityId":0,"topic":"auth","type":"changed"}');
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER sessions_auth_changed AFTER UPDATE OF token_hash, token_expires_at, expires_at, revoked_at OR DELETE ON sessions
  FOR EACH STATEMENT EXECUTE FUNCTION portal_auth_changed();
--> statement-breakpoint
CREATE TRIGGER accounts_auth_changed AFTER UPDATE OR DELETE ON accounts FOR EACH STATEMENT EXECUTE FUNCTION portal_auth_changed();
--> statement-breakpoint
CREATE TRIGGER account_roles_auth_changed AFTER INSERT OR UPDATE OR DELETE ON account_roles FOR EACH STATEMENT EXECUTE FUNCTION portal_auth_changed();
--> statement-breakpoint
CREATE TRIGGER roles_auth_changed AFTER UPDATE OR DELETE ON roles FOR EACH STATEMENT EXECUTE FUNCTION portal_auth_changed();
--> statement-breakpoint
CREATE TRIGGER role_authorities_auth_changed AFTER INSERT OR UPDATE OR DELETE ON role_authorities FOR EACH STATEMENT EXECUTE FUNCTION portal_auth_changed();
--> statement-breakpoint
CREATE TRIGGER facilities_auth_changed AFTER UPDATE OR DELETE ON facilities FOR EACH STATEMENT EXECUTE FUNCTION portal_auth_changed();
