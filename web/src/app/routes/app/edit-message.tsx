import { useState } from "react";
import { useNavigate, useParams } from "react-router";
import { Card, CardContent } from "@/components/ui/card";
import { openText, PassphraseUnlock } from "@/features/sealing";
import { PageContainer, PageHeader } from "@/components/layout/page";
import { LoadError } from "@/components/load-error";
import { PageSkeleton } from "@/components/page-skeleton";
import { paths } from "@/config/paths";
import { useMessage } from "@/features/messages/api/get-message";
import { MessageEditor } from "@/features/messages/components/message-editor/message-editor";
import { MessageNotFound } from "@/features/messages/components/message-not-found";
import { RecipientSelector } from "@/features/recipients/components/recipient-selector";
import { usePageTitle } from "@/app/page-title";

export default function EditMessagePage() {
  const { id = "" } = useParams();
  const navigate = useNavigate();
  const message = useMessage(id);
  // A sealed message is edited as its text, opened here by the passphrase; neither leaves the browser.
  const [unlocked, setUnlocked] = useState<{ passphrase: string; text: string }>();
  usePageTitle(message.data ? `Edit “${message.data.title}”` : null);
  if (message.isPending) return <PageSkeleton />;
  if (message.isError || message.data === null) {
    return (
      <PageContainer>
        {message.isError ? <LoadError what="message" onRetry={() => void message.refetch()} /> : <MessageNotFound />}
      </PageContainer>
    );
  }
  return (
    <PageContainer className="max-w-3xl">
      <PageHeader title="Edit message" description={message.data.title} />
      {message.data.sealed && !unlocked ? (
        <Card>
          <CardContent className="pt-6">
            <PassphraseUnlock
              intro="This message is sealed. Enter its passphrase to edit it: the text is opened in this browser, and the passphrase is not sent anywhere."
              hint={message.data.sealed.hint}
              submitLabel="Open to edit"
              onUnlock={async (passphrase) =>
                setUnlocked({ passphrase, text: await openText(passphrase, message.data!.sealed!.text) })
              }
            />
          </CardContent>
        </Card>
      ) : (
        <>
          {/* Keyed by id: the editor takes the saved message once, then keeps what is typed (a refetch must not wipe it). */}
          <MessageEditor
            key={message.data.id}
            message={message.data}
            cancelTo={paths.message(id)}
            renderRecipients={(slot) => <RecipientSelector {...slot} />}
            onSaved={() => navigate(paths.message(id))}
            unlocked={unlocked}
          />
        </>
      )}
    </PageContainer>
  );
}
