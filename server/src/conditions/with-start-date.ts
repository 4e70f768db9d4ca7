import type { RecurringPattern } from "@trigger-switch/contracts";

/** every_n_days without a start date starts on the owner's today, so the schedule stays put afterwards. */
export function withStartDate(pattern: RecurringPattern | null, now: Date): RecurringPattern | null {
  if (!pattern || pattern.kind !== "every_n_days" || pattern.start_date) return pattern;
  const today = new Intl.DateTimeFormat("en-CA", {
    timeZone: pattern.time_zone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).format(now);
  return { ...pattern, start_date: today };
}
