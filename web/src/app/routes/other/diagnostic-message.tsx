import { Stethoscope } from "lucide-react";
import { useParams } from "react-router";
import { EmptyState } from "@/components/empty-state";
import { PageContainer } from "@/components/layout/page";

export default function DiagnosticMessagePage() {
  const { id = "" } = useParams();
  return (
    <PageContainer className="max-w-2xl py-16">
      <EmptyState icon={Stethoscope} title="Message diagnostics">
        <p>
          For message <code className="rounded bg-muted px-1.5 py-0.5 text-foreground break-all">{id}</code>, this page
          will show its trigger conditions, the reminders scheduled for it and the delivery log of every attempt.
        </p>
        <p>It is not available yet.</p>
      </EmptyState>
    </PageContainer>
  );
}
