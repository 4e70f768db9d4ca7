-- One-statement check-in (issue 10, build 2; docs/decisions/023-one-statement-check-in.md).
-- `SELECT * FROM check_in(user, now)` does spec §4 for every active check-in condition of the user in
-- one round trip: last_checked = now, pending reminder_schedule rows of any other deadline obsolete,
-- the new deadline's reminders and final delivery pending. The deadline rules are contracts'
-- `nextDeadline` + the engine's `effectiveDeadline` (downtime shift), mirrored here; the
-- tests in server/test/engine/check-in-statement.test.ts hold the two to the same answers
-- (every type, DST gaps and folds). `now` is the caller's clock, never the database's.

-- Offset of a zone from UTC at an instant (London summer: +01:00), to the whole second like contracts' zoneOffsetMs.
CREATE OR REPLACE FUNCTION ts_zone_offset(p_at timestamptz, p_zone text) RETURNS interval
LANGUAGE sql STABLE STRICT AS $$
  SELECT (date_trunc('second', p_at) AT TIME ZONE p_zone) - (date_trunc('second', p_at) AT TIME ZONE 'UTC')
$$;
--> statement-breakpoint
-- The instant at which the zone's clocks show `p_date p_hour:p_minute` (contracts' zonedWallTimeToInstant):
-- in a fold the FIRST instant, in a gap the moment of the change. (PostgreSQL's own `AT TIME ZONE`
-- takes the later instant in a fold and the offset before the change in a gap, so it is not used alone.)
CREATE OR REPLACE FUNCTION ts_zoned_wall_time(p_date date, p_hour integer, p_minute integer, p_zone text) RETURNS timestamptz
LANGUAGE plpgsql STABLE STRICT AS $$
DECLARE
  wall timestamptz := (p_date + make_time(p_hour, p_minute, 0)) AT TIME ZONE 'UTC';
  before_off interval := ts_zone_offset(wall - interval '24 hours', p_zone);
  after_off interval := ts_zone_offset(wall + interval '24 hours', p_zone);
  hit timestamptz;
  lo bigint;
  hi bigint;
  mid bigint;
BEGIN
  SELECT min(c) INTO hit FROM (VALUES (wall - before_off), (wall - after_off)) AS v(c) WHERE wall - ts_zone_offset(c, p_zone) = c;
  IF hit IS NOT NULL THEN
    RETURN hit;
  END IF;
  -- In the gap: the change lies in (wall − after, wall − before]; find it to the millisecond.
  lo := (extract(epoch FROM wall - after_off) * 1000)::bigint;
  hi := (extract(epoch FROM wall - before_off) * 1000)::bigint;
  WHILE hi - lo > 1 LOOP
    mid := lo + (hi - lo) / 2;
    IF ts_zone_offset(timestamptz 'epoch' + mid * interval '1 millisecond', p_zone) = after_off THEN
      hi := mid;
    ELSE
      lo := mid;
    END IF;
  END LOOP;
  RETURN timestamptz 'epoch' + hi * interval '1 millisecond';
END;
$$;
--> statement-breakpoint
-- contracts' nextRecurringDeadline: the deadline (local `at` + grace) of the first occurrence still to be met.
CREATE OR REPLACE FUNCTION ts_recurring_deadline(p_pattern jsonb, p_armed_at timestamptz, p_last_checked timestamptz) RETURNS timestamptz
LANGUAGE plpgsql STABLE STRICT AS $$
DECLARE
  tz text := p_pattern->>'time_zone';
  at_hour integer := split_part(p_pattern->>'at', ':', 1)::integer;
  at_minute integer := split_part(p_pattern->>'at', ':', 2)::integer;
  grace interval := coalesce((p_pattern->>'grace_minutes')::integer, 60) * interval '1 minute';
  checked_in boolean := p_last_checked > p_armed_at;
  lead_time interval := interval '5 minutes'; -- DELIVER_AT_MIN_LEAD_MINUTES
  every_n boolean := p_pattern->>'kind' = 'every_n_days';
  days integer[];
  anchor date;
  n integer;
  k integer;
  occ_day date;
  due timestamptz;
  deadline timestamptz;
  met timestamptz;
BEGIN
  -- Occurrences whose deadline is at or before a check-in can neither be met by it nor be the answer,
  -- so a checked-in condition starts at the check-in's day (one day earlier, for a grace past midnight).
  occ_day := ((CASE WHEN checked_in THEN p_last_checked ELSE least(p_armed_at, p_last_checked) END) AT TIME ZONE tz)::date - 1;
  IF every_n THEN
    anchor := coalesce((p_pattern->>'start_date')::date, (p_armed_at AT TIME ZONE tz)::date);
    n := (p_pattern->>'every_days')::integer;
    k := greatest(0, ceil((occ_day - anchor)::numeric / n)::integer);
  ELSE
    days := ARRAY(SELECT jsonb_array_elements_text(coalesce(p_pattern->'weekdays', '[]'::jsonb))::integer);
    IF cardinality(days) = 0 THEN
      RETURN NULL;
    END IF;
  END IF;
  -- Bounded although an answer always comes within a period of the schedule: a broken pattern must not hang the statement.
  FOR i IN 1..5000 LOOP
    IF every_n THEN
      occ_day := anchor + k * n;
      k := k + 1;
    ELSIF i > 1 THEN
      occ_day := occ_day + 1;
    END IF;
    CONTINUE WHEN NOT every_n AND NOT extract(isodow FROM occ_day)::integer = ANY (days);
    due := ts_zoned_wall_time(occ_day, at_hour, at_minute, tz);
    deadline := due + grace;
    IF checked_in AND met IS NULL AND deadline > p_last_checked THEN
      met := deadline;
      CONTINUE;
    END IF;
    IF due > p_armed_at AND deadline >= p_armed_at + lead_time AND (NOT checked_in OR (met IS NOT NULL AND deadline > met)) THEN
      RETURN deadline;
    END IF;
  END LOOP;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- contracts' nextDeadline for the check-in types plus the downtime guard's shift (engine's effectiveDeadline).
CREATE OR REPLACE FUNCTION ts_condition_deadline(
  p_type text, p_active boolean, p_armed boolean, p_hours integer, p_minutes integer, p_pattern jsonb, p_deliver_at timestamptz,
  p_last_checked timestamptz, p_armed_at timestamptz, p_shifted_deadline timestamptz, p_shift_ms bigint
) RETURNS timestamptz
LANGUAGE plpgsql STABLE AS $$
DECLARE
  -- Instants to the millisecond, as the engine's JavaScript reads them.
  armed timestamptz := date_trunc('milliseconds', p_armed_at);
  last_at timestamptz := greatest(date_trunc('milliseconds', p_last_checked), armed);
  threshold interval := (p_hours * 60 + p_minutes) * interval '1 minute';
  rule_at timestamptz;
BEGIN
  IF NOT p_active OR NOT p_armed THEN
    RETURN NULL;
  END IF;
  IF p_type = 'no_check_in' THEN
    rule_at := last_at + threshold;
  ELSIF p_type = 'recurring_check_in' AND jsonb_typeof(p_pattern) = 'object' THEN
    rule_at := ts_recurring_deadline(p_pattern, armed, last_at);
  ELSIF p_type = 'inactivity_to_date' AND p_deliver_at IS NOT NULL THEN
    -- A check-in after arming cancels it (inside the window before deliver_at, when there is one).
    IF NOT (last_at > armed AND (threshold = interval '0' OR last_at >= p_deliver_at - threshold)) THEN
      rule_at := date_trunc('milliseconds', p_deliver_at);
    END IF;
  END IF;
  IF rule_at IS NOT NULL AND date_trunc('milliseconds', p_shifted_deadline) = rule_at THEN
    RETURN rule_at + p_shift_ms * interval '1 millisecond';
  END IF;
  RETURN rule_at;
END;
$$;
--> statement-breakpoint
-- The idempotency key of a schedule row, as the engine's scheduleKey writes it (deadline as JS toISOString).
CREATE OR REPLACE FUNCTION ts_schedule_key(p_type text, p_condition uuid, p_deadline timestamptz, p_offset integer) RETURNS text
LANGUAGE sql IMMUTABLE STRICT AS $$
  SELECT p_type || ':' || p_condition || ':' || to_char(p_deadline AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') || ':' || p_offset
$$;
--> statement-breakpoint
-- Spec §4 check-in of one user, in one call. Conditions are locked in id order first (two check-ins of
-- one user never deadlock) — the row lock the engine takes before firing, so a check-in and a release
-- of the same deadline serialise and the first to commit wins. The schedule is rewritten in a second
-- statement, whose snapshot is taken after the lock: it sees the rows of a check-in that committed
-- while this one waited. Disarmed-but-active conditions get last_checked too and have no schedule.
-- Returns how many conditions were reset and the earliest deadline now ahead (null: nothing scheduled).
CREATE OR REPLACE FUNCTION check_in(p_user uuid, p_now timestamptz) RETURNS TABLE (conditions integer, next_deadline timestamptz)
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  ids uuid[];
BEGIN
  SELECT coalesce(array_agg(locked.id ORDER BY locked.id), '{}') INTO ids FROM (
    SELECT mc.id FROM message_conditions mc
    WHERE mc.user_id = p_user AND mc.active AND mc.condition_type IN ('no_check_in', 'recurring_check_in', 'inactivity_to_date')
    ORDER BY mc.id FOR UPDATE
  ) AS locked;
  IF cardinality(ids) = 0 THEN
    RETURN QUERY SELECT 0, NULL::timestamptz;
    RETURN;
  END IF;

  RETURN QUERY
  WITH checked AS (
    UPDATE message_conditions mc SET last_checked = p_now, updated_at = p_now WHERE mc.id = ANY (ids) RETURNING mc.*
  ), due AS (
    SELECT c.id, c.message_id, c.reminder_hours,
           ts_condition_deadline(c.condition_type, c.active, c.is_armed, c.hours_threshold, c.minutes_threshold, c.recurring_pattern,
                                 c.deliver_at, c.last_checked, c.armed_at, c.shifted_deadline, c.deadline_shift_ms) AS deadline
    FROM checked c
  ), wanted AS (
    SELECT d.id AS condition_id, d.message_id, d.deadline, 'reminder' AS reminder_type, o.offset_minutes,
           d.deadline - o.offset_minutes * interval '1 minute' AS scheduled_at,
           CASE WHEN o.offset_minutes < 60 THEN 'high' ELSE 'normal' END AS delivery_priority, 'standard' AS retry_strategy,
           ts_schedule_key('reminder', d.id, d.deadline, o.offset_minutes) AS idempotency_key
    FROM due d CROSS JOIN LATERAL (SELECT value::integer AS offset_minutes FROM jsonb_array_elements_text(d.reminder_hours)) o
    WHERE d.deadline IS NOT NULL AND d.deadline - o.offset_minutes * interval '1 minute' > p_now
    UNION ALL
    SELECT d.id, d.message_id, d.deadline, 'final_delivery', 0, d.deadline, 'critical', 'aggressive', ts_schedule_key('final_delivery', d.id, d.deadline, 0)
    FROM due d WHERE d.deadline IS NOT NULL
  ), obsoleted AS (
    UPDATE reminder_schedule rs SET status = 'obsolete', updated_at = p_now, completed_at = p_now
    WHERE rs.condition_id = ANY (ids) AND rs.status = 'pending'
      AND NOT EXISTS (SELECT 1 FROM wanted w WHERE w.idempotency_key = rs.idempotency_key)
    RETURNING 1
  ), written AS (
    -- Revive a row obsoleted earlier for this same deadline; never touch one claimed, sent or parked.
    INSERT INTO reminder_schedule AS rs (message_id, condition_id, user_id, deadline, reminder_type, offset_minutes, scheduled_at, next_attempt_at,
                                         delivery_priority, retry_strategy, idempotency_key, created_at, updated_at)
    SELECT w.message_id, w.condition_id, p_user, w.deadline, w.reminder_type, w.offset_minutes, w.scheduled_at, w.scheduled_at,
           w.delivery_priority, w.retry_strategy, w.idempotency_key, p_now, p_now
    FROM wanted w
    ON CONFLICT (idempotency_key) DO UPDATE
      SET status = 'pending', attempts = 0, next_attempt_at = excluded.next_attempt_at, last_error = NULL, completed_at = NULL, updated_at = p_now
      WHERE rs.status = 'obsolete'
    RETURNING 1
  )
  SELECT cardinality(ids), (SELECT min(d.deadline) FROM due d);
END;
$$;
