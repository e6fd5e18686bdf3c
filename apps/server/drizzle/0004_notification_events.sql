-- A stored notification announces itself on commit, on the same channel as the cache changes (ADR 0005):
-- payload `notification:<organization id>:<user id>:<notification id>`, one per row. Every app instance
-- listens and pushes the new row to the sockets of that user it holds, so each socket gets it once
-- whichever instance (or job) wrote it. The id is in the payload because `created_at` is the writing
-- transaction's start, not its commit: a cursor on time would miss a row from a long transaction that
-- commits after a newer one.
CREATE OR REPLACE FUNCTION hosewright_notify_notification_rows() RETURNS trigger AS $$
DECLARE
  r record;
BEGIN
  FOR r IN SELECT organization_id, user_id, id FROM new_rows LOOP
    PERFORM pg_notify(
      'hosewright_changes',
      'notification:' || r.organization_id::text || ':' || r.user_id::text || ':' || r.id::text
    );
  END LOOP;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER notifications_inserted AFTER INSERT ON notifications REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION hosewright_notify_notification_rows();
