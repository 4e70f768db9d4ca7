import { PageContainer, PageHeader } from "@/components/layout/page";
import { MessageNotFound } from "@/features/messages/components/message-not-found";

// Editing needs a message to edit; none can exist before message creation ships.
export default function EditMessagePage() {
  return (
    <PageContainer>
      <PageHeader
        title="Edit message"
        description="Here you will change a message's text, attachments, recipients and trigger conditions."
      />
      <MessageNotFound />
    </PageContainer>
  );
}
