import type { BillingOverview } from "@trigger-switch/contracts";
import { AlertTriangle, CheckCircle2, Info, Loader2 } from "lucide-react";
import { Alert } from "@/components/ui/alert";

/**
 * The states a person must not miss: a checkout on its way or cancelled, a failed payment, limits they
 * are over, reminders by WhatsApp/SMS their plan no longer sends, billing off.
 */
export function BillingNotices({ overview, checkout }: { overview: BillingOverview; checkout: string | null }) {
  const sub = overview.subscription;
  const any =
    checkout === "success" ||
    (checkout === "cancelled" && overview.plan !== "plus") ||
    sub?.payment_problem ||
    overview.over_limit.length > 0 ||
    overview.channel_changes.length > 0 ||
    !overview.billing_enabled;
  // Nothing to say: no empty block (it would push the page down by a gap).
  if (!any) return null;
  return (
    <div className="flex flex-col gap-3">
      {checkout === "success" && overview.plan !== "plus" && (
        <Alert role="status">
          <Loader2 className="animate-spin" aria-hidden="true" />
          <p>
            Thank you. Stripe is confirming your payment; this page updates by itself as soon as your account is on Plus
            (usually a few seconds).
          </p>
        </Alert>
      )}
      {checkout === "success" && overview.plan === "plus" && (
        <Alert role="status">
          <CheckCircle2 className="text-success" aria-hidden="true" />
          <p>You are on Plus. Its limits apply now.</p>
        </Alert>
      )}
      {checkout === "cancelled" && overview.plan !== "plus" && (
        <Alert role="status">
          <Info aria-hidden="true" />
          <p>Checkout was cancelled. Nothing was charged, and your plan is unchanged.</p>
        </Alert>
      )}
      {sub?.payment_problem && (
        <Alert variant="error" role="alert">
          <AlertTriangle aria-hidden="true" />
          <div className="flex flex-col gap-1">
            <p className="font-semibold">Your last payment did not go through.</p>
            <p>
              {overview.plan === "plus"
                ? "You keep Plus while the payment is tried again. Please check or update your card with Manage billing. If it keeps failing, your plan becomes Free."
                : "Your plan is Free until a payment goes through. Please check or update your card with Manage billing."}{" "}
              Nothing is switched off either way: every armed switch keeps running.
            </p>
          </div>
        </Alert>
      )}
      {overview.over_limit.length > 0 && (
        <Alert variant="warning" role="status">
          <AlertTriangle aria-hidden="true" />
          <div className="flex flex-col gap-1">
            <p className="font-semibold">You are over your plan's limits. Nothing was switched off.</p>
            {overview.over_limit.map((s) => (
              <p key={s}>{s}</p>
            ))}
          </div>
        </Alert>
      )}
      {overview.channel_changes.length > 0 && (
        <Alert variant="warning" role="status">
          <Info aria-hidden="true" />
          <div className="flex flex-col gap-1">
            <p className="font-semibold">What your plan changes for messages by phone</p>
            {overview.channel_changes.map((s) => (
              <p key={s}>{s}</p>
            ))}
          </div>
        </Alert>
      )}
      {!overview.billing_enabled && (
        <Alert role="status">
          <Info aria-hidden="true" />
          <p>Billing is off on this server: no payment is taken and no card details are asked for or stored.</p>
        </Alert>
      )}
    </div>
  );
}
