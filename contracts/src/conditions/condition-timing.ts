import type { RecurringPatternInput } from "./recurring-pattern.ts";

export const CONDITION_TYPES = ["no_check_in", "recurring_check_in", "inactivity_to_date", "panic_trigger"] as const;
export type ConditionType = (typeof CONDITION_TYPES)[number];
/** The types a check-in resets (spec §4 "Check-in"). */
export const CHECK_IN_CONDITION_TYPES = ["no_check_in", "recurring_check_in", "inactivity_to_date"] as const;

/**
 * What the deadline rules read from a condition (a stored one, or an unsaved one in the web
 * app's condition builder). Instants are ISO strings or Dates.
 */
export interface ConditionTiming {
  condition_type: ConditionType;
  /** In force (a fired one-shot, or a used panic condition with keep_armed false, is not). */
  active: boolean;
  /** The owner's arm/disarm switch. */
  is_armed: boolean;
  hours_threshold: number;
  minutes_threshold: number;
  recurring_pattern: RecurringPatternInput | null;
  deliver_at: string | Date | null;
  /** The latest check-in, or the arming time when none came since. Null (unsaved): "now". */
  last_checked: string | Date | null;
  /** When the condition was last armed (or its timing last changed). Null (unsaved): "now". */
  armed_at: string | Date | null;
}

export const toMs = (v: string | Date | null, fallback: number): number =>
  v === null ? fallback : new Date(v).getTime();

export const thresholdMinutes = (c: Pick<ConditionTiming, "hours_threshold" | "minutes_threshold">): number =>
  c.hours_threshold * 60 + c.minutes_threshold;
