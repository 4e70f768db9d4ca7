import { nextDeadline, type ConditionTiming, type RecurringPatternInput } from "@trigger-switch/contracts";
import type { ConditionRow } from "./work-types.ts";

/** What contracts' deadline rules read from a stored condition. */
export function conditionTiming(row: ConditionRow): ConditionTiming {
  return {
    condition_type: row.conditionType,
    active: row.active,
    is_armed: row.isArmed,
    hours_threshold: row.hoursThreshold,
    minutes_threshold: row.minutesThreshold,
    recurring_pattern: row.recurringPattern as RecurringPatternInput | null,
    deliver_at: row.deliverAt,
    last_checked: row.lastChecked,
    armed_at: row.armedAt,
  };
}

/**
 * The instant the condition really fires: contracts' `nextDeadline`, moved by the downtime guard's
 * shift while the rules still give the very deadline that was shifted (a check-in since yields
 * another deadline, and the shift lapses by itself). The deadline math itself is never redone here.
 * The SQL check-in repeats this shift in ts_condition_deadline (migration 0013_checkin.sql), held to
 * the same answers by test/engine/check-in-statement.test.ts (docs/decisions/038-one-home-per-rule.md).
 */
export function effectiveDeadline(row: ConditionRow, now: Date): { deadline: Date; ruleDeadline: Date } | null {
  const ruleDeadline = nextDeadline(conditionTiming(row), now);
  if (ruleDeadline === null) return null;
  const shifted = row.shiftedDeadline !== null && row.shiftedDeadline.getTime() === ruleDeadline.getTime();
  return { ruleDeadline, deadline: shifted ? new Date(ruleDeadline.getTime() + row.deadlineShiftMs) : ruleDeadline };
}
