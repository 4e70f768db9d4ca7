-- The owner's open dashboard hears of their requests for access (docs/decisions/041, 042): every
-- change of one, whoever wrote it (the contact asking or withdrawing, the owner denying or taking a
-- permission back, the engine granting, the downtime guard moving grants_at), and every revocation
-- or first opening of a grant on request, is announced on `access_requests` the way 0025 announces
-- a condition: a transactional logical message where the server decodes its WAL, NOTIFY elsewhere.
-- The payload is the request's id and its owner's id, never a reason or any other content: the
-- socket only says "changed", and the client refetches through the owner's authenticated API.
CREATE FUNCTION announce_access_request_change(request_id uuid, owner_id uuid) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  payload text := json_build_object('id', request_id, 'user_id', owner_id)::text;
BEGIN
  IF current_setting('wal_level') = 'logical' THEN
    PERFORM pg_logical_emit_message(true, 'access_requests', payload);
  ELSE
    PERFORM pg_notify('access_requests', payload);
  END IF;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION notify_access_request_change() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM announce_access_request_change(NEW.id, NEW.user_id);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER access_requests_notify_change
AFTER INSERT OR UPDATE ON access_requests
FOR EACH ROW EXECUTE FUNCTION notify_access_request_change();
--> statement-breakpoint
-- A revocation (and a first opening) changes the grant, not the request, yet the owner's list shows it.
CREATE FUNCTION notify_access_request_grant_change() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM announce_access_request_change(r.id, r.user_id) FROM access_requests r WHERE r.id = NEW.access_request_id;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- Only grants on request, and only what the owner's list shows: a recipient's grant costs nothing more.
CREATE TRIGGER access_grants_notify_request_change
AFTER UPDATE ON access_grants
FOR EACH ROW
WHEN (
  NEW.access_request_id IS NOT NULL
  AND (OLD.cancelled_at IS DISTINCT FROM NEW.cancelled_at OR OLD.first_opened_at IS DISTINCT FROM NEW.first_opened_at)
)
EXECUTE FUNCTION notify_access_request_grant_change();
