import { PageContainer } from "@/components/layout/page";
import { MessageNotFound } from "@/features/messages/components/message-not-found";

// No message can exist before message creation ships, so every id is not found — honestly.
export default function MessagePage() {
  return (
    <PageContainer>
      <MessageNotFound />
    </PageContainer>
  );
}
