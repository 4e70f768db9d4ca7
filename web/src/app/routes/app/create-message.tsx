import { PenLine } from "lucide-react";
import { Link } from "react-router";
import { EmptyState } from "@/components/empty-state";
import { PageContainer, PageHeader } from "@/components/layout/page";
import { Button } from "@/components/ui/button";
import { paths } from "@/config/paths";

export default function CreateMessagePage() {
  return (
    <PageContainer>
      <PageHeader title="Create a message" />
      <EmptyState
        icon={PenLine}
        title="Message creation is not available yet"
        actions={
          <Button asChild variant="outline">
            <Link to={paths.messages}>Back to messages</Link>
          </Button>
        }
      >
        <p>
          This is where you will write a message, add attachments, choose its recipients and set what releases it: no
          check-in for a set time, a recurring check-in, inactivity until a date, or the emergency button.
        </p>
        <p>It arrives in an upcoming release.</p>
      </EmptyState>
    </PageContainer>
  );
}
