import { SearchX } from "lucide-react";
import { useParams, useSearchParams } from "react-router";
import { EmptyState } from "@/components/empty-state";
import { PageContainer, PageHeader } from "@/components/layout/page";
import { LoadError } from "@/components/load-error";
import { PageSkeleton } from "@/components/page-skeleton";
import { useMessageDiagnostic } from "@/features/diagnostics/api/get-message-diagnostic";
import { OwnerTimeline } from "@/features/diagnostics/components/owner-timeline";
import { RecipientReleaseState } from "@/features/diagnostics/components/recipient-release-state";
import { useOwnerTimeZone } from "@/hooks/use-owner-time-zone";
import { browserTimeZone } from "@/lib/time-zone";

/**
 * Spec §2 /diagnostic/message/{id}: the signed-in owner sees the whole timeline, a recipient with
 * `?t=` only their link's state; anyone else "not found" (the server decides, never the page).
 */
export default function DiagnosticMessagePage() {
  const { id = "" } = useParams();
  const [params] = useSearchParams();
  const diagnostic = useMessageDiagnostic(id, params.get("t"));
  // The owner reads their own times in their zone (the profile's); a recipient in the browser's.
  const ownerZone = useOwnerTimeZone();
  if (diagnostic.isPending) return <PageSkeleton />;
  const data = diagnostic.data;
  return (
    <PageContainer className="max-w-4xl">
      {diagnostic.isError ? (
        <LoadError what="diagnostics" onRetry={() => void diagnostic.refetch()} />
      ) : !data ? (
        <EmptyState icon={SearchX} title="Not found">
          <p>
            There is no message here that you can look into. Sign in as its owner, or open the whole link you received.
          </p>
        </EmptyState>
      ) : data.view === "owner" ? (
        <>
          <PageHeader
            title={`Diagnostics: ${data.message.title}`}
            description="Why this message will, or will not, go out — and everything the engine did for it."
          />
          <OwnerTimeline data={data} timeZone={ownerZone} />
        </>
      ) : (
        <RecipientReleaseState release={data.release} timeZone={browserTimeZone()} />
      )}
    </PageContainer>
  );
}
