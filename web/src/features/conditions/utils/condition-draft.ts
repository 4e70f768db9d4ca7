import { reminderFits, type Condition, type ConditionType } from "@trigger-switch/contracts";
import { toLocalInputValue } from "./to-local-input-value";

export type ReminderUnit = "minutes" | "hours" | "days";
export const UNIT_MINUTES: Record<ReminderUnit, number> = { minutes: 1, hours: 60, days: 1440 };

/**
 * A condition as the builder edits it: numbers as the strings the inputs hold (so "" and a
 * half-typed value survive re-renders), durations in days/hours/minutes, the delivery date as
 * the owner's local wall time. `draftToInput` turns it into the wire shape of the contracts.
 */
export interface ConditionDraft {
  /** React key; stable across edits. */
  key: string;
  /** Set once the condition exists on the server (so a retried save never creates it twice). */
  id?: string;
  condition_type: ConditionType;
  /** no_check_in: time between check-ins. inactivity_to_date: the check-in window before the date. */
  days: string;
  hours: string;
  minutes: string;
  reminders: { value: string; unit: ReminderUnit }[];
  schedule: "every_n_days" | "weekdays";
  every_days: string;
  /** ISO weekdays, 1 = Monday … 7 = Sunday. */
  weekdays: number[];
  /** "HH:MM", local to time_zone. */
  at: string;
  grace_minutes: string;
  time_zone: string;
  start_date?: string;
  /** "YYYY-MM-DDTHH:MM" in time_zone. */
  deliver_at: string;
  /** The value it was loaded with: an unchanged past date is not the owner's new mistake. */
  initial_deliver_at?: string;
  keep_armed: boolean;
  unlock_delay_hours: string;
  expiry_hours: string;
  /** Kept as loaded; an empty list means all of the message's recipients. */
  recipients: string[];
}

let counter = 0;
const nextKey = () => `draft-${Date.now().toString(36)}-${(counter += 1)}`;

/** Sensible starting values for each type; short intervals are one edit away (personal safety use). */
export function newDraft(condition_type: ConditionType, time_zone: string, now = new Date()): ConditionDraft {
  const tomorrow = new Date(now.getTime() + 24 * 3_600_000);
  return {
    key: nextKey(),
    condition_type,
    days: condition_type === "no_check_in" ? "1" : "0",
    hours: "0",
    minutes: "0",
    reminders: condition_type === "panic_trigger" ? [] : [{ value: "1", unit: "hours" }],
    schedule: "every_n_days",
    every_days: "1",
    weekdays: [1, 2, 3, 4, 5],
    at: "09:00",
    grace_minutes: "60",
    time_zone,
    deliver_at: `${toLocalInputValue(tomorrow, time_zone).slice(0, 10)}T09:00`,
    keep_armed: true,
    unlock_delay_hours: "0",
    expiry_hours: "0",
    recipients: [],
  };
}

/** Splits whole minutes into the largest units that divide them, for reminders. */
function reminderOf(minutes: number): { value: string; unit: ReminderUnit } {
  if (minutes % 1440 === 0) return { value: String(minutes / 1440), unit: "days" };
  if (minutes % 60 === 0) return { value: String(minutes / 60), unit: "hours" };
  return { value: String(minutes), unit: "minutes" };
}

export function conditionToDraft(condition: Condition, time_zone: string): ConditionDraft {
  const total = condition.hours_threshold * 60 + condition.minutes_threshold;
  const pattern = condition.recurring_pattern;
  const base = newDraft(condition.condition_type, pattern?.time_zone ?? time_zone);
  const deliverAt = condition.deliver_at
    ? toLocalInputValue(new Date(condition.deliver_at), base.time_zone)
    : base.deliver_at;
  return {
    ...base,
    id: condition.id,
    days: String(Math.floor(total / 1440)),
    hours: String(Math.floor((total % 1440) / 60)),
    minutes: String(total % 60),
    reminders: [...condition.reminder_hours].sort((a, b) => b - a).map(reminderOf),
    ...(pattern && {
      schedule: pattern.kind,
      every_days: pattern.kind === "every_n_days" ? String(pattern.every_days) : base.every_days,
      weekdays: pattern.kind === "weekdays" ? pattern.weekdays : base.weekdays,
      start_date: pattern.kind === "every_n_days" ? pattern.start_date : undefined,
      at: pattern.at,
      grace_minutes: String(pattern.grace_minutes),
    }),
    deliver_at: deliverAt,
    initial_deliver_at: condition.deliver_at ? deliverAt : undefined,
    keep_armed: condition.panic_config.keep_armed ?? true,
    unlock_delay_hours: String(condition.unlock_delay_hours),
    expiry_hours: String(condition.expiry_hours),
    recipients: condition.recipients,
  };
}

/** A number input's text as a number: "" is 0, anything unreadable is NaN (the schema says why). */
export const numberOf = (text: string): number => (text.trim() === "" ? 0 : Number(text));

/**
 * The reminders that still fit before a newly chosen interval of `totalMinutes`. A preset of 15 or
 * 30 minutes must not leave the default 1-hour reminder behind (the form would be invalid at
 * once); when none fits, one comes a third of the interval before the deadline (5 min for 15).
 */
export function fitReminders(
  reminders: ConditionDraft["reminders"],
  totalMinutes: number,
): ConditionDraft["reminders"] {
  const fitting = reminders.filter((r) => reminderFits((Number(r.value) || 0) * UNIT_MINUTES[r.unit], totalMinutes));
  if (fitting.length > 0 || reminders.length === 0) return fitting;
  return [reminderOf(Math.max(1, Math.round(totalMinutes / 3)))];
}
