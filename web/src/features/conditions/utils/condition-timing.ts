import {
  movedDeadline,
  nextDeadline,
  type Condition,
  type ConditionCreate,
  type ConditionTiming,
} from "@trigger-switch/contracts";

/** What the contracts' deadline rules read, from a saved condition. */
export function timingOf(condition: Condition): ConditionTiming & { panic_config: Condition["panic_config"] } {
  return {
    condition_type: condition.condition_type,
    active: condition.active,
    is_armed: condition.is_armed,
    hours_threshold: condition.hours_threshold,
    minutes_threshold: condition.minutes_threshold,
    recurring_pattern: condition.recurring_pattern,
    deliver_at: condition.deliver_at,
    last_checked: condition.last_checked,
    armed_at: condition.armed_at,
    panic_config: condition.panic_config,
  };
}

/** An unsaved condition as if it were armed now (null instants stand for "now" in the rules). */
export function timingOfInput(
  input: ConditionCreate,
): ConditionTiming & { panic_config: ConditionCreate["panic_config"] } {
  return {
    condition_type: input.condition_type,
    active: true,
    is_armed: true,
    hours_threshold: input.hours_threshold ?? 0,
    minutes_threshold: input.minutes_threshold ?? 0,
    recurring_pattern: input.recurring_pattern ?? null,
    deliver_at: input.deliver_at ?? null,
    last_checked: null,
    armed_at: null,
    panic_config: input.panic_config,
  };
}

/**
 * The deadline recomputed for `now` with the contracts' rules (the server sends the same as
 * next_deadline, but only as of when it answered; a live page must roll a recurring schedule on),
 * or the later one the server moved it to.
 */
export function liveDeadline(condition: Condition, now: Date): Date | null {
  return movedDeadline(condition, now)?.deadline ?? nextDeadline(timingOf(condition), now);
}
