import type { SealedPart } from "@trigger-switch/contracts";
import { Card, CardContent } from "@/components/ui/card";
import { SealedContent } from "@/features/sealing";
import { releasedAttachmentUrl, type OpenMessage } from "../api/get-released-message";

/** A sealed message on the access page: the passphrase opens the text and files in this browser. */
export function SealedReleasedContent({
  messageId,
  token,
  message,
  sealed,
  from,
}: {
  messageId: string;
  token: string;
  message: OpenMessage;
  sealed: SealedPart;
  from: string;
}) {
  return (
    <Card>
      <CardContent className="pt-6">
        <SealedContent
          sealed={sealed}
          files={message.attachments}
          fetchAge={async (file) => {
            const res = await fetch(releasedAttachmentUrl(messageId, file.id, token), {
              referrerPolicy: "no-referrer",
            });
            if (!res.ok) throw new Error(`The file ${file.name} could not be fetched (${res.status}). Try again.`);
            return new Uint8Array(await res.arrayBuffer());
          }}
          intro={`${from} sealed this message with a passphrase they chose. Enter it to open the message here: it is opened in this browser, and the passphrase is not sent anywhere.`}
          renderText={(text) =>
            text ? (
              <p data-testid="message-text" className="text-lg leading-relaxed break-words whitespace-pre-wrap">
                {text}
              </p>
            ) : (
              <p className="text-muted-foreground">{from} left no written words, only what is below.</p>
            )
          }
        />
      </CardContent>
    </Card>
  );
}
