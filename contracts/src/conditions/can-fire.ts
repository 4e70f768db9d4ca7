import type { Condition } from "./condition-schema.ts";

/**
 * Whether the engine can still send the message through this condition: it is in force
 * (`active`), armed by the owner (`is_armed`), and either the emergency button fires it or it has a
 * deadline. An `inactivity_to_date` cancelled by a check-in is active and armed, yet the engine
 * has nothing scheduled for it (next_deadline null): it must not read "Armed" nor be counted.
 * `next_deadline` is the server's (it includes the downtime guard's shift), so the state shown is
 * the state the engine acts on.
 */
export function canFire(
  condition: Pick<Condition, "condition_type" | "active" | "is_armed" | "next_deadline">,
): boolean {
  if (!condition.active || !condition.is_armed) return false;
  return condition.condition_type === "panic_trigger" || condition.next_deadline !== null;
}

/** An inactivity_to_date that a check-in cancelled: armed, in force, and nothing left to fire. */
export function cancelledByCheckIn(
  condition: Pick<Condition, "condition_type" | "active" | "is_armed" | "next_deadline">,
): boolean {
  return (
    condition.condition_type === "inactivity_to_date" &&
    condition.active &&
    condition.is_armed &&
    condition.next_deadline === null
  );
}
