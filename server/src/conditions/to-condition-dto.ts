import {
  accessWindowOf,
  describeCondition,
  type Condition,
  type ConditionTiming,
  type RecurringPatternInput,
} from "@trigger-switch/contracts";
import type { messageConditions } from "../db/schema.ts";
import { effectiveDeadline } from "../engine/effective-deadline.ts";

export type ConditionRow = typeof messageConditions.$inferSelect;

/**
 * The wire shape: spec §3's fields, the computed next_deadline and summary, and for panic
 * conditions the spec's client-side mapping (triggered/delivered = !active, panic_trigger_config).
 * `timeZone` is the owner's, for the summary; without it the schedule's zone, else UTC.
 */
export function toConditionDto(row: ConditionRow, now: Date, timeZone?: string): Condition {
  const pattern = row.recurringPattern as RecurringPatternInput | null;
  const timing: ConditionTiming = {
    condition_type: row.conditionType,
    active: row.active,
    is_armed: row.isArmed,
    hours_threshold: row.hoursThreshold,
    minutes_threshold: row.minutesThreshold,
    recurring_pattern: pattern,
    deliver_at: row.deliverAt,
    last_checked: row.lastChecked,
    armed_at: row.armedAt,
  };
  // The downtime guard may have moved this deadline (docs/decisions/005).
  const due = effectiveDeadline(row, now);
  const deadline = due?.deadline ?? null;
  const movedBy =
    due && due.deadline.getTime() !== due.ruleDeadline.getTime() ? (row.deadlineShiftReason ?? "outage") : null;
  const dto: Condition = {
    id: row.id,
    message_id: row.messageId,
    condition_type: row.conditionType,
    active: row.active,
    is_armed: row.isArmed,
    hours_threshold: row.hoursThreshold,
    minutes_threshold: row.minutesThreshold,
    reminder_hours: row.reminderHours,
    recipients: row.recipients,
    recurring_pattern: pattern as Condition["recurring_pattern"],
    panic_config: row.panicConfig,
    deliver_at: row.deliverAt?.toISOString() ?? null,
    last_checked: row.lastChecked.toISOString(),
    armed_at: row.armedAt.toISOString(),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    ...accessWindowOf(row.panicConfig),
    next_deadline: deadline?.toISOString() ?? null,
    deadline_moved_by: movedBy,
    summary: describeCondition(
      { ...timing, panic_config: row.panicConfig },
      now,
      timeZone ?? pattern?.time_zone ?? "UTC",
      due
        ? {
            deadline: due.deadline,
            shiftMs: due.deadline.getTime() - due.ruleDeadline.getTime(),
            by: movedBy ?? "outage",
          }
        : undefined,
    ),
  };
  if (row.conditionType === "panic_trigger") {
    dto.triggered = !row.active;
    dto.delivered = !row.active;
    dto.panic_trigger_config = row.panicConfig;
  }
  return dto;
}
