import { DELIVER_AT_MIN_LEAD_MINUTES } from "../limits.ts";
import type { RecurringPatternInput } from "./recurring-pattern.ts";
import {
  addDays,
  daysBetween,
  isoWeekday,
  localDateOf,
  parseHhMm,
  parseLocalDate,
  zonedWallTimeToInstant,
  type LocalDate,
} from "./zoned-time.ts";

export interface Occurrence {
  /** The local `at` time of that day, as an instant. */
  due: number;
  /** due + grace: a check-in must arrive before this instant. */
  deadline: number;
}

/** Occurrences in time order from the local day of `fromMs` on (a few past ones included). */
function* occurrences(pattern: RecurringPatternInput, fromMs: number, anchorMs: number): Generator<Occurrence> {
  const tz = pattern.time_zone;
  const { hour, minute } = parseHhMm(pattern.at);
  const graceMs = (pattern.grace_minutes ?? 60) * 60_000;
  const make = (date: LocalDate): Occurrence => {
    const due = zonedWallTimeToInstant(date, hour, minute, tz);
    return { due, deadline: due + graceMs };
  };
  // One day earlier than needed so an occurrence whose grace runs past midnight is not skipped.
  const from = addDays(localDateOf(fromMs, tz), -1);
  if (pattern.kind === "every_n_days") {
    const anchor = pattern.start_date ? parseLocalDate(pattern.start_date) : localDateOf(anchorMs, tz);
    const n = pattern.every_days;
    for (let k = Math.max(0, Math.ceil(daysBetween(anchor, from) / n)); ; k++) yield make(addDays(anchor, k * n));
  }
  const days = new Set(pattern.weekdays);
  if (days.size === 0) return;
  for (let date = from; ; date = addDays(date, 1)) if (days.has(isoWeekday(date))) yield make(date);
}

/**
 * The deadline of the first occurrence still to be met.
 * - Occurrences due at or before arming do not count, nor one whose deadline is less than
 *   5 minutes after arming (arming must never leave the owner seconds to react).
 * - A check-in (last_checked later than armed_at) meets the first occurrence whose deadline is
 *   still ahead of it: a check-in at 09:30 meets today's 09:00 (grace 60), one at 10:00 sharp or
 *   later already meets tomorrow's. Each check-in meets exactly one occurrence.
 *
 * Mirrored in PL/pgSQL as ts_recurring_deadline (server/src/db/migrations/0013_checkin.sql, with the
 * lead time written there as interval '5 minutes'); server/test/engine/check-in-statement.test.ts
 * holds the two together (docs/decisions/038-one-home-per-rule.md).
 */
export function nextRecurringDeadline(
  pattern: RecurringPatternInput,
  armedAtMs: number,
  lastCheckedMs: number,
): number | null {
  const checkedIn = lastCheckedMs > armedAtMs;
  let met: Occurrence | null = null;
  const leadMs = DELIVER_AT_MIN_LEAD_MINUTES * 60_000;
  for (const o of occurrences(pattern, Math.min(armedAtMs, lastCheckedMs), armedAtMs)) {
    if (checkedIn && met === null && o.deadline > lastCheckedMs) {
      met = o;
      continue;
    }
    const required = o.due > armedAtMs && o.deadline >= armedAtMs + leadMs;
    if (required && (!checkedIn || (met !== null && o.deadline > met.deadline))) return o.deadline;
  }
  return null;
}
