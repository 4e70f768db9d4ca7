import { Stethoscope } from "lucide-react";
import { EmptyState } from "@/components/empty-state";
import { PageContainer } from "@/components/layout/page";

export default function DiagnosticPage() {
  return (
    <PageContainer className="max-w-2xl py-16">
      <EmptyState icon={Stethoscope} title="Diagnostics">
        <p>
          This page will show whether the service is working: that the server and its database answer, that the
          engine which watches deadlines is running, and whether e-mail and messaging channels are configured.
        </p>
        <p>It is not available yet.</p>
      </EmptyState>
    </PageContainer>
  );
}
