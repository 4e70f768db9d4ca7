import { CreditCard } from "lucide-react";
import { EmptyState } from "@/components/empty-state";
import { PageContainer, PageHeader } from "@/components/layout/page";

export default function SubscriptionPage() {
  return (
    <PageContainer>
      <PageHeader title="Subscription" description="Your plan, its limits and billing." />
      <EmptyState icon={CreditCard} title="Plans are not available yet">
        <p>
          This page will show your current plan, what it includes, and let you change or cancel it and see your
          invoices.
        </p>
        <p>There is nothing to pay for now, and no payment details are asked for or stored.</p>
      </EmptyState>
    </PageContainer>
  );
}
