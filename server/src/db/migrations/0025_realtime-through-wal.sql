-- Live updates leave the commit path (docs/decisions/042). A NOTIFY takes a lock that every
-- notifying transaction in the server holds through its commit, so check-ins queued behind one
-- another. Where the server decodes its WAL (wal_level = logical), the trigger now writes a
-- transactional logical message instead: it costs one WAL record, takes no shared lock, and is
-- decoded only if and when its transaction commits, in commit order (db/relay-wal-messages.ts).
-- Elsewhere (the embedded database, or a server without logical decoding) it NOTIFYs as before.
-- The payload is 0004's, on the same name.
CREATE OR REPLACE FUNCTION notify_message_condition_update() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  payload text := json_build_object(
    'id', NEW.id,
    'message_id', NEW.message_id,
    'old', json_build_object('last_checked', OLD.last_checked, 'is_armed', OLD.is_armed, 'active', OLD.active)
  )::text;
BEGIN
  IF current_setting('wal_level') = 'logical' THEN
    PERFORM pg_logical_emit_message(true, 'message_conditions', payload);
  ELSE
    PERFORM pg_notify('message_conditions', payload);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- pgoutput streams only for named publications; logical messages belong to none, so an empty one will do.
CREATE PUBLICATION trigger_switch_realtime;
