import type { BillingOverview, Plan } from "@trigger-switch/contracts";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Progress } from "@/components/ui/progress";
import { cn } from "@/lib/utils";

function UsageBar({ label, used, limit }: { label: string; used: number; limit: number }) {
  const over = used > limit;
  const full = used >= limit;
  return (
    <div className="flex flex-col gap-1.5">
      <div className="flex items-baseline justify-between gap-3 text-sm">
        <span className="font-medium">{label}</span>
        <span
          className={cn(
            "shrink-0 tabular-nums whitespace-nowrap",
            over ? "font-semibold text-destructive" : full ? "font-semibold" : "text-muted-foreground",
          )}
        >
          {used} of {limit}
          {over ? " (over the limit)" : full ? " (full)" : ""}
        </span>
      </div>
      <Progress
        value={Math.min(100, (used / Math.max(1, limit)) * 100)}
        aria-label={`${label}: ${used} of ${limit}`}
        className={over ? "[&>div]:bg-destructive" : undefined}
      />
    </div>
  );
}

/** Usage against each limit of the current plan. */
export function UsageBars({ overview, plan }: { overview: BillingOverview; plan: Plan }) {
  const { usage } = overview;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Your usage</CardTitle>
        <CardDescription>Against the limits of your {plan.name} plan.</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-5">
        <UsageBar label="Messages" used={usage.messages} limit={plan.max_messages} />
        <UsageBar label="Recipients" used={usage.recipients} limit={plan.max_recipients} />
        <UsageBar
          label="Attachments on your fullest message"
          used={usage.max_attachments_on_a_message}
          limit={plan.max_attachments_per_message}
        />
        {usage.short_interval_switches > 0 && (
          <p className="text-sm text-muted-foreground">
            {usage.short_interval_switches === 1
              ? "1 armed switch checks"
              : `${usage.short_interval_switches} armed switches check`}{" "}
            more often than your plan allows; {usage.short_interval_switches === 1 ? "it keeps" : "they keep"} running
            as set.
          </p>
        )}
      </CardContent>
    </Card>
  );
}
