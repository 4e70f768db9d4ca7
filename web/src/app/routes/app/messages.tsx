import { PageContainer, PageHeader } from "@/components/layout/page";
import { MessagesEmptyState } from "@/features/messages/components/messages-empty-state";

export default function MessagesPage() {
  return (
    <PageContainer>
      <PageHeader title="Messages" description="Everything you have written, who it goes to and what releases it." />
      <MessagesEmptyState />
    </PageContainer>
  );
}
