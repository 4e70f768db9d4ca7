import { useOwnerTimeZone } from "@/hooks/use-owner-time-zone";
import type { BillingOverview, Plan } from "@trigger-switch/contracts";
import { CreditCard } from "lucide-react";
import { useState } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "@/components/ui/card";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { formatDateTime } from "@/lib/format-date-time";
import { useOpenPortal, useSetCancel } from "../api/billing-actions";
import { formatMoney, perInterval } from "../utils/format-money";
import { planLines } from "../utils/plan-lines";
import { planStatusLine } from "../utils/plan-status-line";

const STATUS: Record<string, { label: string; variant: "success" | "warning" | "danger" | "neutral" }> = {
  active: { label: "Active", variant: "success" },
  trialing: { label: "Trial", variant: "success" },
  past_due: { label: "Payment failed", variant: "danger" },
  unpaid: { label: "Unpaid", variant: "danger" },
  incomplete: { label: "Payment incomplete", variant: "warning" },
  canceled: { label: "Ended", variant: "neutral" },
  incomplete_expired: { label: "Ended", variant: "neutral" },
  paused: { label: "Paused", variant: "neutral" },
};

/**
 * The badge of a Plus subscription that is over, shown beside the plan the account is on now
 * ("Free plan"): it names Plus, whose state it is, so it never reads as the Free plan having ended.
 */
function formerStatus(status: string): { label: string; variant: "neutral" } {
  return { label: status === "paused" ? "Plus paused" : "Plus ended", variant: "neutral" };
}

/** The current plan, what it includes, the next charge or its end, and the actions on it. */
export function CurrentPlanCard({ overview, plan }: { overview: BillingOverview; plan: Plan }) {
  const [confirming, setConfirming] = useState(false);
  const portal = useOpenPortal();
  const cancel = useSetCancel();
  const sub = overview.subscription;
  const zone = useOwnerTimeZone();
  const paying = overview.billing_enabled && overview.plan === "plus" && sub !== null && sub.status !== "canceled";
  const when = (iso: string | null) => (iso ? formatDateTime(new Date(iso), zone) : "the end of the period");
  // A subscription that ended still shows what became of it ("Plus ended"), next to "Free plan".
  const showStatus = paying || (overview.billing_enabled && sub !== null && sub.ended_at !== null);
  const price =
    sub?.amount != null && sub.currency
      ? `${formatMoney(sub.amount, sub.currency)} ${perInterval(sub.interval)}`
      : null;
  const status = sub ? (paying ? STATUS[sub.status] : formerStatus(sub.status)) : undefined;
  const phone = overview.server_channels.filter((c) => c !== "email").map((c) => (c === "sms" ? "SMS" : "WhatsApp"));
  // Free reminds by e-mail only (the engine follows today's plan for reminders, never for releases).
  const phoneReminders =
    phone.length > 0
      ? ` Check-in reminders by ${phone.join(" or ")} come by e-mail instead; recipients keep the channels you set.`
      : "";

  return (
    <Card>
      <CardHeader>
        <div className="flex flex-wrap items-center gap-2">
          <CardTitle>{plan.name} plan</CardTitle>
          {showStatus && status && <Badge variant={status.variant}>{status.label}</Badge>}
          {paying && sub.cancel_at_period_end && <Badge variant="warning">Ends {when(sub.ends_at)}</Badge>}
        </div>
        <CardDescription>{planStatusLine(overview, plan, when, price)}</CardDescription>
      </CardHeader>
      <CardContent>
        <ul className="grid gap-1.5 text-sm sm:grid-cols-2">
          {planLines(plan, overview.server_channels).map((line) => (
            <li key={line} className="flex gap-2">
              <span aria-hidden="true" className="text-success">
                ✓
              </span>
              {line}
            </li>
          ))}
        </ul>
      </CardContent>
      {overview.billing_enabled && sub !== null && (
        <CardFooter className="flex-wrap">
          <Button variant="outline" onClick={() => portal.mutate()} disabled={portal.isPending}>
            <CreditCard aria-hidden="true" />
            {portal.isPending ? "Opening…" : "Manage billing"}
          </Button>
          {paying && !sub.cancel_at_period_end && (
            <ConfirmDialog
              open={confirming}
              onOpenChange={setConfirming}
              trigger={<Button variant="ghost">Cancel Plus</Button>}
              title="Cancel Plus?"
              description={`You keep Plus until ${when(sub.current_period_end)} and are not charged again. Then your account moves to Free. Nothing is switched off: every armed switch keeps running, and your messages, recipients and files stay. While you are over Free's limits, you cannot add new ones.${phoneReminders}`}
              confirmLabel="Cancel Plus"
              cancelLabel="Keep Plus"
              pending={cancel.isPending}
              onConfirm={() => cancel.mutate(true, { onSettled: () => setConfirming(false) })}
            />
          )}
          {paying && sub.cancel_at_period_end && (
            <Button onClick={() => cancel.mutate(false)} disabled={cancel.isPending}>
              {cancel.isPending ? "Saving…" : "Keep Plus"}
            </Button>
          )}
        </CardFooter>
      )}
    </Card>
  );
}
