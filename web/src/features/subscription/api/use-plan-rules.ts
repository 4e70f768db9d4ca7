import type { PlanAttachmentRules, PlanCheckInRules } from "@trigger-switch/contracts";
import { useBilling } from "./get-billing";

/** What the message editor's fields need to offer only what the plan allows, in the server's words. */
export interface PlanRules {
  attachments: PlanAttachmentRules;
  checkIn: PlanCheckInRules;
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
  if (!current || !plus) return undefined;
  const ctx = { plan: current.id, name: current.name, billingEnabled: data.billing_enabled };
  return {
    attachments: {
      ctx,
      maxFiles: current.max_attachments_per_message,
      maxBytes: current.max_attachment_bytes,
      plusMaxFiles: plus.max_attachments_per_message,
      plusMaxBytes: plus.max_attachment_bytes,
    },
    checkIn: { ctx, minMinutes: current.min_check_in_minutes, plusMinMinutes: plus.min_check_in_minutes },
  };
}
