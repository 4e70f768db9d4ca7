import { canFire, cancelledByCheckIn } from "./conditions/can-fire.ts";
import type { Condition } from "./conditions/condition-schema.ts";
import { describeCondition } from "./conditions/describe-condition.ts";
import { movedDeadline } from "./conditions/moved-deadline.ts";
import { nextDeadline } from "./conditions/next-deadline.ts";
import type { Message } from "./messages.ts";

export type MessageStateKind = "armed" | "due" | "delivered" | "withdrawn" | "cancelled" | "disarmed" | "not_ready";

export interface MessageState {
  kind: MessageStateKind;
  label: string;
  /** What happens next and when, in one sentence ("Goes out Tue 14:00 unless you check in. …"). */
  sentence: string;
  /** The earliest deadline of an armed condition, or null (none, or the emergency button only). */
  deadline: Date | null;
}

type Stated = Pick<Message, "conditions" | "ready" | "problems" | "last_release">;

/**
 * A message's state for `now` (STYLE rule 3), the one rule the list, the message page and any
 * other reader share. "Delivered": a condition is no longer in force because it fired (the server
 * sets active=false only then); "Withdrawn" instead when the owner then withdrew that release
 * before it opened, so nobody can read it. "Cancelled": its only live condition was a delivery
 * date that a check-in called off; nothing is scheduled, so it is neither armed nor counted.
 * `locale` only chooses the 12- or 24-hour clock (format/date-time.ts).
 */
export function messageState(
  { conditions, ready, problems, last_release }: Stated,
  now: Date,
  timeZone: string,
  locale?: string,
): MessageState {
  const inForce = conditions.filter(canFire);
  if (inForce.length === 0 && conditions.some((c) => !c.active)) {
    if (last_release?.withdrawn_at)
      return {
        kind: "withdrawn",
        label: "Withdrawn",
        sentence:
          "A condition fired and you withdrew the release before it opened: nobody can read it. Arm it again to keep it in force.",
        deadline: null,
      };
    return {
      kind: "delivered",
      label: "Delivered",
      sentence: "A condition fired and this message went out. Arm it again to keep it in force.",
      deadline: null,
    };
  }
  const cancelled = conditions.find(cancelledByCheckIn);
  if (inForce.length === 0 && cancelled) {
    const sentence = `${describeCondition(cancelled, now, timeZone, undefined, locale)} Nothing will send this message until you arm it again.`;
    return { kind: "cancelled", label: "Cancelled", sentence, deadline: null };
  }
  if (!ready) {
    const disarmed = conditions.length > 0 && inForce.length === 0;
    return {
      kind: disarmed ? "disarmed" : "not_ready",
      label: disarmed ? "Disarmed" : "Not ready",
      sentence: problems[0] ?? "This message is not ready.",
      deadline: null,
    };
  }
  // Recomputed for `now`: next_deadline is as of the server's answer, and a page left open must
  // roll a recurring schedule on.
  const timed = inForce
    .map((condition) => ({
      condition,
      deadline: movedDeadline(condition, now)?.deadline ?? nextDeadline(condition, now),
    }))
    .filter((entry): entry is { condition: Condition; deadline: Date } => entry.deadline !== null)
    .sort((a, b) => a.deadline.getTime() - b.deadline.getTime());
  const first = timed[0];
  const shown = first?.condition ?? inForce[0]!;
  const sentence = describeCondition(shown, now, timeZone, movedDeadline(shown, now), locale);
  if (first && first.deadline.getTime() <= now.getTime())
    return { kind: "due", label: "Due now", sentence, deadline: first.deadline };
  return { kind: "armed", label: "Armed", sentence, deadline: first?.deadline ?? null };
}
