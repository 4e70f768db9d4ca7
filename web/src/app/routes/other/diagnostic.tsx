import { PageContainer, PageHeader } from "@/components/layout/page";
import { PageSkeleton } from "@/components/page-skeleton";
import { Alert } from "@/components/ui/alert";
import { useDiagnostic } from "@/features/diagnostics/api/get-diagnostic";
import { ServiceStatus } from "@/features/diagnostics/components/service-status";
import { ServiceUnreachable } from "@/features/diagnostics/components/service-unreachable";

/** Spec §2 /diagnostic (public): is the service able to watch deadlines and deliver right now? */
export default function DiagnosticPage() {
  const diagnostic = useDiagnostic();
  return (
    <PageContainer className="max-w-4xl">
      <PageHeader
        title="Service status"
        description="Whether Trigger Switch can store check-ins, watch deadlines and send e-mail right now."
      />
      {diagnostic.isPending ? (
        <PageSkeleton />
      ) : !diagnostic.data ? (
        <ServiceUnreachable onRetry={() => void diagnostic.refetch()} />
      ) : (
        <div className="flex flex-col gap-4">
          {diagnostic.isError && (
            <Alert variant="warning" role="alert">
              The last refresh failed; this is the previous result. Retrying every 10 seconds.
            </Alert>
          )}
          <ServiceStatus diagnostic={diagnostic.data} />
        </div>
      )}
    </PageContainer>
  );
}
