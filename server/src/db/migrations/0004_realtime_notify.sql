-- Realtime fan-out (docs/decisions/006): every UPDATE of a condition, whoever wrote it (check-in,
-- arm/disarm, edit, the engine), is announced on channel `message_conditions`. NOTIFY is delivered
-- at commit, to every process LISTENing, so the web processes need no code in each operation.
-- The payload carries ids and the values before the update only; listeners read the rest.
CREATE OR REPLACE FUNCTION notify_message_condition_update() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('message_conditions', json_build_object(
    'id', NEW.id,
    'message_id', NEW.message_id,
    'old', json_build_object('last_checked', OLD.last_checked, 'is_armed', OLD.is_armed, 'active', OLD.active)
  )::text);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER message_conditions_notify_update
AFTER UPDATE ON message_conditions
FOR EACH ROW EXECUTE FUNCTION notify_message_condition_update();
