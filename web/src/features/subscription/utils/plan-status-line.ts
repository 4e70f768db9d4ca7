import type { BillingOverview, Plan } from "@trigger-switch/contracts";

/**
 * The one line under the plan's name, true for each state a subscription can be in
 * (docs/decisions/018): never the "no card on file" line for someone whose Plus ended, and never a
 * "next charge" for a payment that failed. `when` formats an instant in the person's zone.
 */
export function planStatusLine(
  overview: BillingOverview,
  plan: Plan,
  when: (iso: string | null) => string,
  price: string | null,
): string {
  const sub = overview.subscription;
  if (!overview.billing_enabled)
    return `Every account on this server has the ${plan.name} plan, chosen by its operator. There is nothing to pay.`;
  if (overview.plan === "plus" && sub) {
    if (sub.status === "past_due")
      return "Your last payment did not go through. You keep Plus while Stripe tries the card again; check or update it with Manage billing.";
    if (sub.cancel_at_period_end)
      return `Cancelled: you keep Plus until ${when(sub.ends_at)}, then your account moves to Free. Nothing is charged again.`;
    return `${price ? `${price}. ` : ""}Next charge ${price ? "" : "is "}on ${when(sub.current_period_end)}.`;
  }
  if (!sub) return "Free, with no card on file.";
  switch (sub.status) {
    case "canceled":
      return `Your Plus subscription ended on ${when(sub.ended_at)}. You are on the Free plan now.`;
    case "unpaid":
      return `Your Plus subscription ended on ${when(sub.ended_at)} because its payment did not go through. You are on the Free plan now.`;
    case "incomplete_expired":
      return `Your Plus subscription ended on ${when(sub.ended_at)} before it started: its first payment was not completed. You are on the Free plan now.`;
    case "paused":
      return `Your Plus subscription has been paused since ${when(sub.ended_at)}. You are on the Free plan until it resumes.`;
    case "incomplete":
      return "Your Plus subscription is waiting for its first payment. You are on the Free plan until it goes through.";
    default:
      return "You are on the Free plan.";
  }
}
