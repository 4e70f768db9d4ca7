import { thresholdMinutes, toMs, type ConditionTiming } from "./condition-timing.ts";
import { nextDeadline } from "./next-deadline.ts";
import type { RecurringPatternInput } from "./recurring-pattern.ts";
import { formatDuration } from "./format-duration.ts";
import { formatInstant, formatTimeOfDay } from "../format/date-time.ts";

type Describable = ConditionTiming & { panic_config?: { keep_armed?: boolean } | null };

/**
 * One plain-language sentence saying when the condition sends its message, for the owner's
 * time zone: "Goes out Tue 14:00 unless you check in. Each check-in gives you another 2 days."
 * The server sends it as `summary`; the web app's condition builder shows the same preview.
 * `moved` is a moved deadline: the deadline it really fires at, by how much, and who moved it (the
 * downtime guard after our outage, docs/decisions/005, unless `by` says the trusted contacts' stage,
 * docs/decisions/041), so the sentence never names a time that no longer holds.
 */
export function describeCondition(
  condition: Describable,
  now: Date,
  timeZone: string,
  moved?: { deadline: Date; shiftMs: number; by?: "outage" | "trusted_contacts" },
  /** The reader's locale, for its 12- or 24-hour clock (format/date-time.ts). Default: en-GB. */
  locale?: string,
): string {
  const sentence = describeUnmoved(condition, now, timeZone, moved?.shiftMs ? moved.deadline : undefined, locale);
  if (!moved?.shiftMs || !condition.active || !condition.is_armed) return sentence;
  // The trusted contacts' stage (docs/decisions/041) says itself why; the sentence only keeps the time true.
  if (moved.by === "trusted_contacts") return `${sentence} (Moved because your trusted contacts were asked.)`;
  return `${sentence} (Moved by ${formatDuration(Math.round(moved.shiftMs / 60_000))} because our service was down.)`;
}

function describeUnmoved(
  condition: Describable,
  now: Date,
  timeZone: string,
  movedDeadline: Date | undefined,
  locale: string | undefined,
): string {
  const when = (ms: number) => formatInstant(new Date(ms), now, { timeZone, locale });
  if (!condition.active) return "Switched off: it will not send this message.";
  if (!condition.is_armed) return "Disarmed: it will not go out until you arm it.";
  if (condition.condition_type === "panic_trigger") {
    const after =
      condition.panic_config?.keep_armed === false ? "it switches off after one use." : "it stays armed afterwards.";
    return `Goes out only when you press the Emergency button; ${after}`;
  }
  const deadline = movedDeadline ?? nextDeadline(condition, now);
  if (deadline === null) {
    if (condition.condition_type === "inactivity_to_date" && condition.last_checked !== null) {
      const date = condition.deliver_at === null ? "" : ` on ${when(toMs(condition.deliver_at, now.getTime()))}`;
      return `Will not go out${date}: you checked in on ${when(toMs(condition.last_checked, now.getTime()))}.`;
    }
    return "No schedule set: it will not go out.";
  }
  const at = deadline.getTime();
  if (at <= now.getTime()) return `Due since ${when(at)}: it goes out now unless you check in.`;
  switch (condition.condition_type) {
    case "no_check_in":
      return `Goes out ${when(at)} unless you check in. Each check-in gives you another ${formatDuration(thresholdMinutes(condition))}.`;
    case "recurring_check_in":
      return `Check in ${describeSchedule(condition.recurring_pattern!, timeZone, locale)}. Next: by ${when(at)}, or it goes out.`;
    default: {
      const windowMinutes = thresholdMinutes(condition);
      if (windowMinutes === 0) return `Goes out ${when(at)} unless you check in before then.`;
      return `Goes out ${when(at)} unless you check in between ${when(at - windowMinutes * 60_000)} and then.`;
    }
  }
}

const WEEKDAYS = ["", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"];

function describeSchedule(p: RecurringPatternInput, displayZone: string, locale: string | undefined): string {
  const days =
    p.kind === "every_n_days"
      ? p.every_days === 1
        ? "every day"
        : `every ${p.every_days} days`
      : p.weekdays.length === 7
        ? "every day"
        : `every ${listWords([...p.weekdays].sort().map((d) => WEEKDAYS[d] ?? "?"))}`;
  const zone = p.time_zone === displayZone ? "" : ` (${p.time_zone} time)`;
  const grace = p.grace_minutes ?? 60;
  return `${days} at ${formatTimeOfDay(p.at, locale)}${zone}${grace > 0 ? `, ${formatDuration(grace)} grace` : ", no grace"}`;
}

const listWords = (words: string[]) =>
  words.length < 2 ? words.join("") : `${words.slice(0, -1).join(", ")} and ${words.at(-1)}`;
