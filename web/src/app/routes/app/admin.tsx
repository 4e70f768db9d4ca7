import { ShieldCheck, ShieldX } from "lucide-react";
import { EmptyState } from "@/components/empty-state";
import { PageContainer, PageHeader } from "@/components/layout/page";
import { PageSkeleton } from "@/components/page-skeleton";
import { useMe } from "@/lib/auth/me-query";

/** The server decides who is an admin (GET /api/me); it must also refuse admin calls itself. */
export default function AdminPage() {
  const me = useMe();
  if (me.isPending) return <PageSkeleton />;
  if (!me.data?.is_admin) {
    return (
      <PageContainer>
        <EmptyState icon={ShieldX} title="Admin Dashboard">
          <p>You do not have access to this page.</p>
        </EmptyState>
      </PageContainer>
    );
  }
  return (
    <PageContainer>
      <PageHeader title="Admin Dashboard" description="Operate the service: users, deliveries and system health." />
      <EmptyState icon={ShieldCheck} title="No admin tools yet">
        <p>
          Admin tools (users and their plans, the delivery queue and failed deliveries, and the health of the engine)
          arrive in a later release.
        </p>
      </EmptyState>
    </PageContainer>
  );
}
