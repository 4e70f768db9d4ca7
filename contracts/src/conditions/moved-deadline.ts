import type { Condition } from "./condition-schema.ts";
import { nextDeadline } from "./next-deadline.ts";

export interface MovedDeadline {
  deadline: Date;
  shiftMs: number;
  by: "outage" | "trusted_contacts";
}

/**
 * A deadline the server moved: its next_deadline later than the rules give for `now`, because of
 * our outage (the downtime guard, docs/decisions/005) or the trusted contacts' stage (a window or a
 * hold, docs/decisions/041). Undefined when it fires when the rules say. Every reader that words or
 * counts down a saved condition's deadline goes through this, so none names a time that no longer holds.
 */
export function movedDeadline(condition: Condition, now: Date): MovedDeadline | undefined {
  const rule = nextDeadline(condition, now);
  const served = condition.next_deadline ? new Date(condition.next_deadline) : null;
  if (!rule || !served || served.getTime() <= rule.getTime()) return undefined;
  return { deadline: served, shiftMs: served.getTime() - rule.getTime(), by: condition.deadline_moved_by ?? "outage" };
}
