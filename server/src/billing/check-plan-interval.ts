import type { Config } from "../config.ts";
import type { PlanLimits } from "./plans.ts";
import { planLimitError } from "./plan-limit-error.ts";

interface Timing {
  condition_type: string;
  hours_threshold: number;
  minutes_threshold: number;
}

/** Minutes between check-ins a switch asks for; null for types whose rhythm is a day or more by construction. */
export function checkInIntervalMinutes(c: Timing): number | null {
  return c.condition_type === "no_check_in" ? c.hours_threshold * 60 + c.minutes_threshold : null;
}

/**
 * Refuses a no-check-in interval shorter than the plan allows. Called when a switch is created,
 * its timing changed, or it is armed again — never for one that simply stays armed (a downgrade
 * leaves running switches alone).
 */
export function checkPlanInterval(config: Config, limits: PlanLimits, c: Timing): void {
  const minutes = checkInIntervalMinutes(c);
  if (minutes !== null && minutes < limits.minCheckInMinutes)
    throw planLimitError(config, limits, { kind: "check_in_interval", usage: minutes });
}
