-- Every write to data the server caches announces itself on commit: channel `hosewright_changes`, payload
-- `org:<organization id>`, `user:<user id>` or `token:<revoked token id>`. Each app instance listens and
-- drops what it cached (ADR 0005). Statement-level triggers send one notification per organisation a
-- statement touched, so a 100,000-row import costs one, not 100,000.
CREATE OR REPLACE FUNCTION hosewright_notify_org_rows() RETURNS trigger AS $$
DECLARE
  org uuid;
BEGIN
  IF TG_OP = 'DELETE' THEN
    FOR org IN SELECT DISTINCT organization_id FROM old_rows LOOP
      PERFORM pg_notify('hosewright_changes', 'org:' || org::text);
    END LOOP;
  ELSE
    FOR org IN SELECT DISTINCT organization_id FROM new_rows LOOP
      PERFORM pg_notify('hosewright_changes', 'org:' || org::text);
    END LOOP;
  END IF;
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
CREATE OR REPLACE FUNCTION hosewright_notify_user_change() RETURNS trigger AS $$
BEGIN
  PERFORM pg_notify('hosewright_changes', 'user:' || COALESCE(NEW.id, OLD.id)::text);
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER users_changed AFTER UPDATE OR DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION hosewright_notify_user_change();
--> statement-breakpoint
CREATE TRIGGER revoked_tokens_added AFTER INSERT ON revoked_tokens
  FOR EACH ROW EXECUTE FUNCTION hosewright_notify_token_revoked();
--> statement-breakpoint
CREATE TRIGGER components_inserted AFTER INSERT ON components REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION hosewright_notify_org_rows();
--> statement-breakpoint
CREATE TRIGGER components_updated AFTER UPDATE ON components REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION hosewright_notify_org_rows();
--> statement-breakpoint
CREATE TRIGGER components_deleted AFTER DELETE ON components REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION hosewright_notify_org_rows();
--> statement-breakpoint
CREATE TRIGGER coupling_series_inserted AFTER INSERT ON coupling_series REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION hosewright_notify_org_rows();
--> statement-breakpoint
CREATE TRIGGER coupling_series_updated AFTER UPDATE ON coupling_series REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION hosewright_notify_org_rows();
--> statement-breakpoint
CREATE TRIGGER coupling_series_deleted AFTER DELETE ON coupling_series REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION hosewright_notify_org_rows();
--> statement-breakpoint
CREATE TRIGGER organization_settings_inserted AFTER INSERT ON organization_settings REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION hosewright_notify_org_rows();
--> statement-breakpoint
CREATE TRIGGER organization_settings_updated AFTER UPDATE ON organization_settings REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION hosewright_notify_org_rows();
--> statement-breakpoint
CREATE TRIGGER organization_settings_deleted AFTER DELETE ON organization_settings REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION hosewright_notify_org_rows();
--> statement-breakpoint
CREATE TRIGGER memberships_inserted AFTER INSERT ON memberships REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION hosewright_notify_org_rows();
--> statement-breakpoint
CREATE TRIGGER memberships_updated AFTER UPDATE ON memberships REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION hosewright_notify_org_rows();
--> statement-breakpoint
CREATE TRIGGER memberships_deleted AFTER DELETE ON memberships REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION hosewright_notify_org_rows();
--> statement-breakpoint
CREATE TRIGGER subscriptions_inserted AFTER INSERT ON subscriptions REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION hosewright_notify_org_rows();
--> statement-breakpoint
CREATE TRIGGER subscriptions_updated AFTER UPDATE ON subscriptions REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION hosewright_notify_org_rows();
--> statement-breakpoint
CREATE TRIGGER subscriptions_deleted AFTER DELETE ON subscriptions REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION hosewright_notify_org_rows();
