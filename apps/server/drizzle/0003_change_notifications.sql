-- Every write to data the server caches announces itself on commit: channel `hosewright_changes`, payload
-- `org:<organization id>`, `user:<user id>` or `token:<revoked token id>`. Each app instance listens and drops what it cached
-- (ADR 0005). PostgreSQL folds identical notifications in one transaction, so a 100,000-row import sends one.
CREATE OR REPLACE FUNCTION hosewright_notify_org_change() RETURNS trigger AS $$
BEGIN
  PERFORM pg_notify('hosewright_changes', 'org:' || COALESCE(NEW.organization_id, OLD.organization_id)::text);
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION hosewright_notify_token_revoked() RETURNS trigger AS $$
BEGIN
  PERFORM pg_notify('hosewright_changes', 'token:' || NEW.token_id);
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER components_changed AFTER INSERT OR UPDATE OR DELETE ON components
  FOR EACH ROW EXECUTE FUNCTION hosewright_notify_org_change();
--> statement-breakpoint
CREATE TRIGGER coupling_series_changed AFTER INSERT OR UPDATE OR DELETE ON coupling_series
  FOR EACH ROW EXECUTE FUNCTION hosewright_notify_org_change();
--> statement-breakpoint
CREATE TRIGGER organization_settings_changed AFTER INSERT OR UPDATE OR DELETE ON organization_settings
  FOR EACH ROW EXECUTE FUNCTION hosewright_notify_org_change();
--> statement-breakpoint
CREATE TRIGGER memberships_changed AFTER INSERT OR UPDATE OR DELETE ON memberships
  FOR EACH ROW EXECUTE FUNCTION hosewright_notify_org_change();
--> statement-breakpoint
CREATE TRIGGER subscriptions_changed AFTER INSERT OR UPDATE OR DELETE ON subscriptions
  FOR EACH ROW EXECUTE FUNCTION hosewright_notify_org_change();
--> statement-breakpoint
CREATE TRIGGER revoked_tokens_added AFTER INSERT ON revoked_tokens
  FOR EACH ROW EXECUTE FUNCTION hosewright_notify_token_revoked();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION hosewright_notify_user_change() RETURNS trigger AS $$
BEGIN
  PERFORM pg_notify('hosewright_changes', 'user:' || COALESCE(NEW.id, OLD.id)::text);
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER users_changed AFTER UPDATE OR DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION hosewright_notify_user_change();
