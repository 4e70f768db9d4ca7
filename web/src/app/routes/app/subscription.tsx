import { useSearchParams } from "react-router";
import { LoadError } from "@/components/load-error";
import { PageContainer, PageHeader } from "@/components/layout/page";
import { PageSkeleton } from "@/components/page-skeleton";
import { useBilling } from "@/features/subscription/api/get-billing";
import { BillingNotices } from "@/features/subscription/components/billing-notices";
import { CurrentPlanCard } from "@/features/subscription/components/current-plan-card";
import { InvoicesCard } from "@/features/subscription/components/invoices-card";
import { OtherPlanCard } from "@/features/subscription/components/other-plan-card";
import { UsageBars } from "@/features/subscription/components/usage-bars";

/** /subscription: the plan, usage against it, what the other plan adds, and billing (docs/decisions/018). */
export default function SubscriptionPage() {
  const [params] = useSearchParams();
  const checkout = params.get("checkout");
  const billing = useBilling({ waitingForUpgrade: checkout === "success" });
  if (billing.isPending) return <PageSkeleton />;
  if (billing.isError) {
    return (
      <PageContainer>
        <PageHeader title="Subscription" />
        <LoadError what="plan" onRetry={() => void billing.refetch()} />
      </PageContainer>
    );
  }
  const overview = billing.data;
  const current = overview.plans.find((p) => p.id === overview.plan)!;
  const other = overview.plans.find((p) => p.id !== overview.plan)!;
  return (
    <PageContainer>
      <PageHeader title="Subscription" description="Your plan, what it includes and how much of it you use." />
      <div className="flex flex-col gap-6">
        <BillingNotices overview={overview} checkout={checkout} />
        <div className="grid gap-6 lg:grid-cols-2">
          <CurrentPlanCard overview={overview} plan={current} />
          <UsageBars overview={overview} plan={current} />
        </div>
        {overview.billing_enabled && <OtherPlanCard overview={overview} current={current} other={other} />}
        {overview.billing_enabled && overview.subscription && <InvoicesCard />}
      </div>
    </PageContainer>
  );
}
