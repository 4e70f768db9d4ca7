import { REMINDERS_MAX, THRESHOLD_MAX_MINUTES, THRESHOLD_MIN_MINUTES } from "../limits.ts";
import { thresholdMinutes, type ConditionType } from "./condition-timing.ts";
import { formatDuration } from "./format-duration.ts";
import type { PanicConfig } from "./panic-config.ts";
import type { RecurringPatternInput } from "./recurring-pattern.ts";

export interface ConditionRuleInput {
  condition_type: ConditionType;
  hours_threshold: number;
  minutes_threshold: number;
  reminder_hours: number[];
  recurring_pattern: RecurringPatternInput | null;
  panic_config: PanicConfig;
  deliver_at: string | Date | null;
}

/**
 * The rules that tie a condition's fields together, as { field: message } (empty = valid).
 * Used by the create schema and by the server on a PATCH (existing fields + changes), and by the
 * web form. Time-dependent rules (deliver_at must lie ahead) are the server's.
 */
export function conditionProblems(c: ConditionRuleInput): Record<string, string> {
  const problems: Record<string, string> = {};
  const total = thresholdMinutes(c);
  const type = c.condition_type;
  const usesThreshold = type === "no_check_in" || type === "inactivity_to_date";

  if (type === "no_check_in" && total < THRESHOLD_MIN_MINUTES)
    problems.hours_threshold = `Choose at least ${THRESHOLD_MIN_MINUTES} minutes between check-ins`;
  if (type === "inactivity_to_date" && total > 0 && total < THRESHOLD_MIN_MINUTES)
    problems.hours_threshold = `The check-in window must be at least ${THRESHOLD_MIN_MINUTES} minutes, or 0 for any time after arming`;
  if (usesThreshold && total > THRESHOLD_MAX_MINUTES) problems.hours_threshold = "Choose at most 365 days";
  if (!usesThreshold && total !== 0)
    problems.hours_threshold = `${label(type)} do not use a time without check-in: leave its days, hours and minutes at 0`;

  if (type === "recurring_check_in" && !c.recurring_pattern)
    problems.recurring_pattern = "Choose a schedule for the recurring check-in";
  if (type !== "recurring_check_in" && c.recurring_pattern)
    problems.recurring_pattern = "Only recurring check-ins have a schedule";
  if (type === "inactivity_to_date" && c.deliver_at === null)
    problems.deliver_at = "Choose the date and time it goes out";
  if (type !== "inactivity_to_date" && c.deliver_at !== null)
    problems.deliver_at = "Only “Inactivity until a date” conditions have a delivery date";
  if (type !== "panic_trigger" && c.panic_config.keep_armed !== undefined)
    problems["panic_config.keep_armed"] = "“Keep armed after it is used” applies to emergency button conditions only";

  // A reminder's bound comes from the threshold: with the threshold itself wrong (negative, too
  // short) it would read "less than -1 days", so the threshold's problem is the one said.
  const reminderProblem = checkReminders(c, problems.hours_threshold === undefined);
  if (reminderProblem) problems.reminder_hours = reminderProblem;
  return problems;
}

function checkReminders(c: ConditionRuleInput, thresholdValid: boolean): string | null {
  const offsets = c.reminder_hours;
  if (offsets.length === 0) return null;
  if (c.condition_type === "panic_trigger") return "Emergency button conditions have no deadline, so no reminders";
  if (offsets.length > REMINDERS_MAX) return `At most ${REMINDERS_MAX} reminders`;
  if (new Set(offsets).size !== offsets.length) return "Each reminder time may appear once";
  const bound = thresholdValid ? reminderBoundMinutes(c) : null;
  if (bound !== null && bound > 0 && offsets.some((m) => !reminderFits(m, bound)))
    return `A reminder must come before the deadline: choose less than ${formatDuration(bound)} before it.`;
  return null;
}

/** A reminder `minutes` before the deadline fits a bound (reminderBoundMinutes, or a new interval) only inside it. */
export function reminderFits(minutes: number, boundMinutes: number): boolean {
  return minutes < boundMinutes;
}

/** Reminders (minutes before the deadline) must fit inside the time a check-in can still help. */
export function reminderBoundMinutes(
  c: Pick<ConditionRuleInput, "condition_type" | "hours_threshold" | "minutes_threshold" | "recurring_pattern">,
): number | null {
  switch (c.condition_type) {
    case "no_check_in":
      return thresholdMinutes(c);
    case "inactivity_to_date":
      // Before the window opens a check-in would not count, so a reminder there would mislead.
      return thresholdMinutes(c) || THRESHOLD_MAX_MINUTES;
    case "recurring_check_in":
      return c.recurring_pattern ? shortestGapMinutes(c.recurring_pattern) : null;
    case "panic_trigger":
      return null;
  }
}

/** The shortest time between two occurrences, by the calendar (DST's ±1 hour ignored). */
function shortestGapMinutes(p: RecurringPatternInput): number {
  if (p.kind === "every_n_days") return p.every_days * 1440;
  const days = [...new Set(p.weekdays)].sort((a, b) => a - b);
  if (days.length === 0) return 7 * 1440;
  const gaps = days.map((d, i) => (i + 1 < days.length ? days[i + 1]! - d : days[0]! + 7 - d));
  return Math.min(...gaps) * 1440;
}

const label = (type: ConditionType) =>
  type === "panic_trigger" ? "Emergency button conditions" : "Recurring check-ins";
