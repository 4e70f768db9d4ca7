-- A check-in writes its conditions, and their schedule only where it must (docs/decisions/043).
-- A condition whose earliest pending row falls due at least p_lead (the engine's lease) before every
-- event of its new deadline keeps its rows: when that row falls due the engine finds its deadline
-- gone, writes the new deadline's schedule, and obsoletes the rest (commit-batch.ts). The lead means
-- that even a worker dying with that row claimed leaves time for its lease to run out first.
-- Every other condition's schedule is rewritten here as before: one with no pending row, one
-- whose new reminder would come first, one the check-in cancelled — and all of them when
-- p_rewrite_all (a check-in dated in the past, whose stale reminders its caller then drops).
-- A pending row counts only if the engine has not acted on it (released_at is null): only such a
-- row is read against its condition's deadline when it is claimed. Otherwise check_in answers as
-- 0019's. The usual check-in, which leaves the schedule, runs as three short statements (lock, update,
-- one index read of the pending rows); the rewrite, as before, only for the conditions that need it.
DROP FUNCTION check_in(uuid, timestamptz);
--> statement-breakpoint
CREATE FUNCTION check_in(p_user uuid, p_now timestamptz, p_rewrite_all boolean DEFAULT false, p_lead interval DEFAULT '5 minutes')
RETURNS TABLE (conditions integer, next_deadline timestamptz, waiting integer, cancelled uuid[])
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  ids uuid[];
  had_deadline uuid[];  -- the conditions in force before the check-in: it met their deadlines
  v_next timestamptz;
  v_cancelled uuid[];
  rewrite uuid[];
BEGIN
  SELECT coalesce(array_agg(locked.id ORDER BY locked.id), '{}'),
         coalesce(array_agg(locked.id) FILTER (WHERE locked.deadline IS NOT NULL), '{}')
  INTO ids, had_deadline FROM (
    SELECT mc.id,
           ts_condition_deadline(mc.condition_type, mc.active, mc.is_armed, mc.hours_threshold, mc.minutes_threshold, mc.recurring_pattern,
                                 mc.deliver_at, mc.last_checked, mc.armed_at, mc.shifted_deadline, mc.deadline_shift_ms) AS deadline
    FROM message_conditions mc
    WHERE mc.user_id = p_user AND mc.active AND mc.condition_type IN ('no_check_in', 'recurring_check_in', 'inactivity_to_date')
    ORDER BY mc.id FOR UPDATE
  ) AS locked;
  IF cardinality(ids) = 0 THEN
    RETURN QUERY SELECT 0, NULL::timestamptz, 0, '{}'::uuid[];
    RETURN;
  END IF;

  WITH checked AS (
    UPDATE message_conditions mc SET last_checked = p_now, updated_at = p_now WHERE mc.id = ANY (ids)
    RETURNING mc.id, mc.condition_type, mc.reminder_hours,
              ts_condition_deadline(mc.condition_type, mc.active, mc.is_armed, mc.hours_threshold, mc.minutes_threshold, mc.recurring_pattern,
                                    mc.deliver_at, mc.last_checked, mc.armed_at, mc.shifted_deadline, mc.deadline_shift_ms) AS deadline
  ), first_pending AS (
    SELECT rs.condition_id, min(rs.next_attempt_at) AS at
    FROM reminder_schedule rs
    WHERE rs.condition_id = ANY (ids) AND rs.status = 'pending' AND rs.released_at IS NULL
    GROUP BY rs.condition_id
  )
  SELECT min(c.deadline),
         coalesce(array_agg(c.id ORDER BY c.id) FILTER (WHERE c.condition_type = 'inactivity_to_date' AND c.deadline IS NULL
                                                         AND c.id = ANY (had_deadline)), '{}'),
         -- The new deadline's first event: its first reminder still ahead, else the deadline itself.
         coalesce(array_agg(c.id) FILTER (WHERE p_rewrite_all OR c.deadline IS NULL OR p.at IS NULL OR p.at > least(c.deadline, (
           SELECT min(c.deadline - o.value::integer * interval '1 minute') FROM jsonb_array_elements_text(c.reminder_hours) o
           WHERE c.deadline - o.value::integer * interval '1 minute' > p_now)) - p_lead), '{}')
  INTO v_next, v_cancelled, rewrite
  FROM checked c LEFT JOIN first_pending p ON p.condition_id = c.id;

  IF cardinality(rewrite) > 0 THEN
    WITH due AS (
      SELECT mc.id, mc.message_id, mc.reminder_hours,
             ts_condition_deadline(mc.condition_type, mc.active, mc.is_armed, mc.hours_threshold, mc.minutes_threshold, mc.recurring_pattern,
                                   mc.deliver_at, mc.last_checked, mc.armed_at, mc.shifted_deadline, mc.deadline_shift_ms) AS deadline
      FROM message_conditions mc WHERE mc.id = ANY (rewrite)
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
      WHERE rs.condition_id = ANY (rewrite) AND rs.status = 'pending'
        AND NOT EXISTS (SELECT 1 FROM wanted w WHERE w.idempotency_key = rs.idempotency_key)
      RETURNING 1
    )
    -- Revive a row obsoleted earlier for this same deadline; never touch one claimed, sent or parked.
    INSERT INTO reminder_schedule AS rs (message_id, condition_id, user_id, deadline, reminder_type, offset_minutes, scheduled_at, next_attempt_at,
                                         delivery_priority, retry_strategy, idempotency_key, created_at, updated_at)
    SELECT w.message_id, w.condition_id, p_user, w.deadline, w.reminder_type, w.offset_minutes, w.scheduled_at, w.scheduled_at,
           w.delivery_priority, w.retry_strategy, w.idempotency_key, p_now, p_now
    FROM wanted w
    ON CONFLICT (idempotency_key) DO UPDATE
      SET status = 'pending', attempts = 0, next_attempt_at = excluded.next_attempt_at, last_error = NULL, completed_at = NULL, updated_at = p_now
      WHERE rs.status = 'obsolete';
  END IF;

  RETURN QUERY SELECT cardinality(ids), v_next, cardinality(had_deadline), v_cancelled;
END;
$$;
