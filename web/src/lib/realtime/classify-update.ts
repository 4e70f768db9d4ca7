import type { RealtimeConditionUpdate } from "@trigger-switch/contracts";
import type { ConditionChangeKind } from "../conditions-events";

/**
 * Spec §4: a changed last_checked is a check-in (e.g. from the messaging app), a changed is_armed
 * an arm or disarm, anything else a general update.
 *
 * Arm/disarm is tested first, and a last_checked equal to the new armed_at is not a check-in:
 * arming and timing edits restart the clock by setting last_checked = armed_at = now (decision
 * 003), and calling those "checked in" would tell the owner something they did not do.
 */
export function classifyUpdate({ new: next, old }: Pick<RealtimeConditionUpdate, "new" | "old">): ConditionChangeKind {
  if (old.is_armed !== next.is_armed) return next.is_armed ? "arm" : "disarm";
  if (old.last_checked !== next.last_checked && next.last_checked !== next.armed_at) return "check-in";
  return "update";
}
