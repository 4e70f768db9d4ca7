import type { ConditionTiming } from "./condition-timing.ts";
import { nextDeadline } from "./next-deadline.ts";

/** True from the deadline instant itself on: the deadline belongs to the delivery, not to the owner. */
export function isDue(condition: ConditionTiming, now: Date): boolean {
  const deadline = nextDeadline(condition, now);
  return deadline !== null && now.getTime() >= deadline.getTime();
}
