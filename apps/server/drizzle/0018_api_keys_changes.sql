-- A changed, disabled or deleted API key drops what every instance cached for its organisation (ADR 0005), so a
-- revoked key is refused at once. The API log announces nothing: it changes on every call and caches nothing.
CREATE TRIGGER api_keys_inserted AFTER INSERT ON api_keys REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION hosewright_notify_org_rows();
--> statement-breakpoint
CREATE TRIGGER api_keys_updated AFTER UPDATE ON api_keys REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION hosewright_notify_org_rows();
--> statement-breakpoint
CREATE TRIGGER api_keys_deleted AFTER DELETE ON api_keys REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION hosewright_notify_org_rows();
