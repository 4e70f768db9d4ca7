import { thresholdMinutes, toMs, type ConditionTiming } from "./condition-timing.ts";
import { nextRecurringDeadline } from "./recurring-occurrences.ts";

/**
 * The instant at which the condition fires if no check-in arrives, or null when nothing will
 * fire it (disarmed, finished, a panic condition, an inactivity_to_date cancelled by a check-in).
 * The result may lie at or before `now`: the condition is then due (see `isDue`).
 * `now` stands in for last_checked / armed_at while they are unset (an unsaved condition).
 *
 * Rules (docs/decisions/003-condition-semantics.md):
 * - no_check_in: last check-in (or arming) + hours_threshold h + minutes_threshold m.
 * - recurring_check_in: the deadline (local `at` + grace) of the first occurrence not yet met.
 * - inactivity_to_date: deliver_at, unless a check-in came after arming and inside the window
 *   (the threshold before deliver_at; a zero threshold means any time after arming).
 * - panic_trigger: never by time; only the emergency button fires it.
 *
 * A second home, on purpose: the one-statement check-in applies these rules in PL/pgSQL
 * (ts_condition_deadline in server/src/db/migrations/0013_checkin.sql, called by check_in in
 * 0019_check-in-says-what-it-cancelled.sql), and server/test/engine/check-in-statement.test.ts holds
 * the two to the same answers. Change a rule here only together with a new migration that replaces
 * that function; applied migrations are never edited (docs/decisions/038-one-home-per-rule.md).
 */
export function nextDeadline(condition: ConditionTiming, now: Date): Date | null {
  if (!condition.active || !condition.is_armed) return null;
  const armedAt = toMs(condition.armed_at, now.getTime());
  const lastChecked = Math.max(toMs(condition.last_checked, armedAt), armedAt);
  switch (condition.condition_type) {
    case "no_check_in":
      return new Date(lastChecked + thresholdMinutes(condition) * 60_000);
    case "recurring_check_in": {
      if (!condition.recurring_pattern) return null;
      const deadline = nextRecurringDeadline(condition.recurring_pattern, armedAt, lastChecked);
      return deadline === null ? null : new Date(deadline);
    }
    case "inactivity_to_date": {
      if (condition.deliver_at === null) return null;
      const deliverAt = toMs(condition.deliver_at, 0);
      const windowMs = thresholdMinutes(condition) * 60_000;
      // A check-in that reaches us while the delivery has not fired always wins, even a late one.
      const cancelled = lastChecked > armedAt && (windowMs === 0 || lastChecked >= deliverAt - windowMs);
      return cancelled ? null : new Date(deliverAt);
    }
    case "panic_trigger":
      return null;
  }
}
