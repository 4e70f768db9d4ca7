import type { Condition, RealtimeConditionUpdate } from "@trigger-switch/contracts";

const ARMED_AT = "2026-03-01T09:00:00.000Z";

/** A realtime UPDATE of one no_check_in condition; `changes` are the new values, the old ones are ARMED_AT and armed. */
export function conditionUpdate(
  changes: Partial<Condition> = {},
  old: Partial<RealtimeConditionUpdate["old"]> = {},
): RealtimeConditionUpdate {
  const before = { id: "c1", last_checked: ARMED_AT, is_armed: true, active: true, ...old };
  const condition: Condition = {
    id: "c1",
    message_id: "m1",
    condition_type: "no_check_in",
    active: true,
    is_armed: true,
    hours_threshold: 24,
    minutes_threshold: 0,
    reminder_hours: [60],
    recipients: [],
    recurring_pattern: null,
    panic_config: {},
    deliver_at: null,
    last_checked: ARMED_AT,
    armed_at: ARMED_AT,
    created_at: ARMED_AT,
    updated_at: ARMED_AT,
    unlock_delay_hours: 0,
    expiry_hours: 0,
    next_deadline: null,
    summary: "",
    ...changes,
  };
  return { type: "UPDATE", table: "message_conditions", new: condition, old: before };
}
