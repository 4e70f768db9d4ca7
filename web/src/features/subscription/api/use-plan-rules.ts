import type { Plan } from "@trigger-switch/contracts";
import { useBilling } from "./get-billing";

/** The account's plan and Plus, with whether billing is on: what editors need to offer only what the plan allows. */
export interface PlanRules {
  current: Plan;
  plus: Plan;
  billingEnabled: boolean;
}

/**
 * The plan's rules once GET /api/billing has answered; undefined while it loads or if it failed
 * (the editors then offer everything and the server, which always checks, answers in words).
 */
export function usePlanRules(): PlanRules | undefined {
  const { data } = useBilling();
  if (!data) return undefined;
  const current = data.plans.find((p) => p.id === data.plan);
  const plus = data.plans.find((p) => p.id === "plus");
  return current && plus ? { current, plus, billingEnabled: data.billing_enabled } : undefined;
}
