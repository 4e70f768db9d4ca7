import type { BillingOverview, Plan } from "@trigger-switch/contracts";
import { Sparkles } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "@/components/ui/card";
import { useStartCheckout } from "../api/billing-actions";
import { formatMoney, perInterval } from "../utils/format-money";
import { planGains, planLines } from "../utils/plan-lines";

/** What the other plan adds (or, on Plus, what Free would mean), with the upgrade buttons. */
export function OtherPlanCard({ overview, current, other }: { overview: BillingOverview; current: Plan; other: Plan }) {
  const checkout = useStartCheckout();
  if (current.id === "free") {
    return (
      <Card className="border-primary/40">
        <CardHeader>
          <CardTitle className="flex items-center gap-2">
            <Sparkles className="size-5 text-primary" aria-hidden="true" />
            What {other.name} adds
          </CardTitle>
          <CardDescription>For short check-in intervals, more letters and bigger files.</CardDescription>
        </CardHeader>
        <CardContent>
          <ul className="flex flex-col gap-1.5 text-sm">
            {planGains(current, other, overview.server_channels).map((line) => (
              <li key={line} className="flex gap-2">
                <span aria-hidden="true" className="text-primary">
                  +
                </span>
                {line}
              </li>
            ))}
          </ul>
        </CardContent>
        {overview.billing_enabled && (
          <CardFooter className="flex-wrap">
            {other.prices.map((p) => (
              <Button
                key={p.interval}
                variant={p.interval === "month" ? "default" : "outline"}
                disabled={checkout.isPending}
                onClick={() => checkout.mutate(p.interval)}
              >
                Upgrade
                {p.amount != null && p.currency
                  ? ` — ${formatMoney(p.amount, p.currency)} ${perInterval(p.interval)}`
                  : p.interval === "year"
                    ? " (yearly)"
                    : " (monthly)"}
              </Button>
            ))}
            <p className="w-full text-xs text-muted-foreground">
              Payment is handled by Stripe. Cancel at any time; you keep Plus until the end of the paid period.
            </p>
          </CardFooter>
        )}
      </Card>
    );
  }
  return (
    <Card>
      <CardHeader>
        <CardTitle>The {other.name} plan</CardTitle>
        <CardDescription>
          What your account would have if Plus ended. Every armed switch would keep running and nothing would be
          deleted.
          {overview.server_channels.some((c) => c !== "email") &&
            " Your check-in reminders would come by e-mail only; recipients keep the channels you set."}
        </CardDescription>
      </CardHeader>
      <CardContent>
        <ul className="grid gap-1.5 text-sm text-muted-foreground sm:grid-cols-2">
          {planLines(other, overview.server_channels).map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
