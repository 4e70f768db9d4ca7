import { PageContainer, PageHeader } from "@/components/layout/page";
import { LoadError } from "@/components/load-error";
import { useMessages } from "@/features/messages/api/get-messages";
import { ListSkeleton } from "@/features/messages/components/list-skeleton";
import { MessageList } from "@/features/messages/components/message-list";
import { MessagesEmptyState } from "@/features/messages/components/messages-empty-state";
import { NewMessageButton } from "@/features/messages/components/new-message-button";
import { useRecipients } from "@/features/recipients/api/get-recipients";

export default function MessagesPage() {
  const messages = useMessages();
  const recipients = useRecipients();
  return (
    <PageContainer>
      <PageHeader
        title="Messages"
        description="Everything you have written, who it goes to and what sends it."
        actions={messages.data && messages.data.length > 0 ? <NewMessageButton /> : undefined}
      />
      {messages.isPending ? (
        <ListSkeleton label="Loading messages" />
      ) : messages.isError ? (
        <LoadError what="messages" onRetry={() => void messages.refetch()} />
      ) : messages.data.length === 0 ? (
        <MessagesEmptyState recipientCount={recipients.data?.length ?? null} />
      ) : (
        <MessageList messages={messages.data} />
      )}
    </PageContainer>
  );
}
