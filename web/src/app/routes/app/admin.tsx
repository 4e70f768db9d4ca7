import { ShieldX } from "lucide-react";
import { useState } from "react";
import { EmptyState } from "@/components/empty-state";
import { PageContainer, PageHeader } from "@/components/layout/page";
import { PageSkeleton } from "@/components/page-skeleton";
import { AuditPanel } from "@/features/admin/components/audit-panel";
import { DeliveriesPanel } from "@/features/admin/components/deliveries-panel";
import { EnginePanel } from "@/features/admin/components/engine-panel";
import { UsersPanel } from "@/features/admin/components/users-panel";
import { useMe } from "@/lib/auth/me-query";
import { cn } from "@/lib/utils";

const TABS = [
  { id: "engine", label: "Engine" },
  { id: "deliveries", label: "Deliveries" },
  { id: "users", label: "Users" },
  { id: "audit", label: "Audit log" },
] as const;
type Tab = (typeof TABS)[number]["id"];

/**
 * /admin (docs/decisions/019). The server decides who is an admin (GET /api/me) and refuses every
 * /api/admin call to anyone else; this page never shows a message's content or attachments.
 */
export default function AdminPage() {
  const me = useMe();
  const [tab, setTab] = useState<Tab>("engine");
  if (me.isPending) return <PageSkeleton />;
  if (!me.data?.is_admin) {
    return (
      <PageContainer>
        <EmptyState icon={ShieldX} title="Admin Dashboard" headingLevel={1}>
          <p>You do not have access to this page.</p>
        </EmptyState>
      </PageContainer>
    );
  }
  return (
    <PageContainer>
      <PageHeader
        title="Admin Dashboard"
        description="Keep deliveries flowing. You see accounts and the engine, never what anyone wrote."
      />
      <div
        role="tablist"
        aria-label="Admin sections"
        className="flex gap-1 overflow-x-auto rounded-lg border bg-muted p-1"
      >
        {TABS.map((t) => (
          <button
            key={t.id}
            role="tab"
            type="button"
            aria-selected={tab === t.id}
            onClick={() => setTab(t.id)}
            className={cn(
              "flex-1 rounded-md px-3 py-1.5 text-sm font-medium whitespace-nowrap transition-colors",
              tab === t.id ? "bg-card shadow-sm" : "text-muted-foreground hover:text-foreground",
            )}
          >
            {t.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" className="mt-6">
        {tab === "engine" && <EnginePanel />}
        {tab === "deliveries" && <DeliveriesPanel />}
        {tab === "users" && <UsersPanel />}
        {tab === "audit" && <AuditPanel />}
      </div>
    </PageContainer>
  );
}
