import { useNavigate } from "react-router";
import { PageContainer, PageHeader } from "@/components/layout/page";
import { paths } from "@/config/paths";
import { MessageEditor } from "@/features/messages/components/message-editor/message-editor";
import { RecipientSelector } from "@/features/recipients/components/recipient-selector";

export default function CreateMessagePage() {
  const navigate = useNavigate();
  return (
    <PageContainer className="max-w-3xl">
      <PageHeader
        title="Write a message"
        description="Say what they need to know, choose who receives it and what sends it."
      />
      <MessageEditor
        cancelTo={paths.messages}
        renderRecipients={(slot) => <RecipientSelector {...slot} />}
        onSaved={(id) => navigate(paths.message(id))}
      />
    </PageContainer>
  );
}
