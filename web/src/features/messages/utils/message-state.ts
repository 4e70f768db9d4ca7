import { cancelledByCheckIn, canFire, describeCondition, type Condition } from "@trigger-switch/contracts";
import { userLocale } from "@/lib/format-date-time";
import { liveDeadline, timingOf } from "@/features/conditions";

export type MessageStateKind = "armed" | "due" | "delivered" | "cancelled" | "disarmed" | "not_ready";

export interface MessageState {
  kind: MessageStateKind;
  label: string;
  /** What happens next and when, in one sentence ("Goes out Tue 14:00 unless you check in. …"). */
  sentence: string;
  /** The earliest deadline of an armed condition, or null (none, or the emergency button only). */
  deadline: Date | null;
}

interface Readiness {
  conditions: Condition[];
  ready: boolean;
  problems: string[];
}

/**
 * A message's state, computed from its conditions for `now` (STYLE rule 3). "Delivered" means
 * a condition is no longer in force because it fired: the server sets active=false only then.
 * "Cancelled": its only live condition was a delivery date that a check-in called off; the engine
 * has nothing scheduled, so it is neither armed nor counted (see `canFire`).
 */
export function messageState({ conditions, ready, problems }: Readiness, now: Date, timeZone: string): MessageState {
  const inForce = conditions.filter(canFire);
  if (inForce.length === 0 && conditions.some((c) => !c.active)) {
    return {
      kind: "delivered",
      label: "Delivered",
      sentence: "A condition fired and this message went out. Arm it again to keep it in force.",
      deadline: null,
    };
  }
  const cancelled = conditions.find(cancelledByCheckIn);
  if (inForce.length === 0 && cancelled) {
    const sentence = `${describeCondition(timingOf(cancelled), now, timeZone, undefined, userLocale())} Nothing will send this message until you arm it again.`;
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
  const timed = inForce
    .map((condition) => ({ condition, deadline: liveDeadline(condition, now) }))
    .filter((entry): entry is { condition: Condition; deadline: Date } => entry.deadline !== null)
    .sort((a, b) => a.deadline.getTime() - b.deadline.getTime());
  const first = timed[0];
  const shown = first?.condition ?? inForce[0]!;
  const sentence = describeCondition(timingOf(shown), now, timeZone, undefined, userLocale());
  if (first && first.deadline.getTime() <= now.getTime())
    return { kind: "due", label: "Due now", sentence, deadline: first.deadline };
  return { kind: "armed", label: "Armed", sentence, deadline: first?.deadline ?? null };
}
