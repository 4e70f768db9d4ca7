import { CHANNEL_MESSAGE_WORDS } from "@trigger-switch/contracts";
import { Download, Paperclip } from "lucide-react";
import { Card, CardContent, CardHeader } from "@/components/ui/card";
import { useNow } from "@/hooks/use-now";
import { fileSize } from "@/lib/file-size";
import { formatDateTime } from "@/lib/format-date-time";
import { browserTimeZone } from "@/lib/time-zone";
import { releasedAttachmentUrl, type OpenMessage } from "../api/get-released-message";
import { EmergencyNotice } from "./emergency-notice";
import { senderName } from "../utils/sender-name";
import { SealedReleasedContent } from "./sealed-released-content";
import { SharedLocation } from "./shared-location";

/**
 * The message as its sender wrote it. The text is rendered as text (React escapes it; line breaks
 * kept with pre-wrap), never as HTML: nothing the sender typed can run in the recipient's browser.
 */
export function ReleasedMessage({
  messageId,
  token,
  message,
}: {
  messageId: string;
  token: string;
  message: OpenMessage;
}) {
  const timeZone = browserTimeZone();
  const from = senderName(message.sender);
  const now = useNow(30_000);
  return (
    <article className="flex flex-col gap-6">
      {message.emergency && (
        <EmergencyNotice
          from={from}
          emergency={message.emergency}
          hasLocation={hasPoint(message.location)}
          now={now}
          timeZone={timeZone}
        />
      )}
      <header className="flex flex-col gap-2 text-center">
        <p className="text-muted-foreground">
          {message.emergency ? `An emergency message from ${from}` : `A message from ${from}`}
        </p>
        <h1 className="text-2xl font-semibold tracking-tight break-words sm:text-3xl">{message.title}</h1>
        <p className="text-sm text-muted-foreground">
          Released {formatDateTime(new Date(message.released_at), timeZone)}
        </p>
      </header>

      {message.sealed ? (
        <SealedReleasedContent
          messageId={messageId}
          token={token}
          message={message}
          sealed={message.sealed}
          from={from}
        />
      ) : (
        <Card>
          <CardHeader className="sr-only">Message</CardHeader>
          <CardContent className="pt-6">
            {message.text_content ? (
              <p data-testid="message-text" className="text-lg leading-relaxed break-words whitespace-pre-wrap">
                {message.text_content}
              </p>
            ) : (
              <p className="text-muted-foreground">{from} left no written words, only what is below.</p>
            )}
          </CardContent>
        </Card>
      )}

      {message.location && (
        <SharedLocation
          location={message.location}
          map={message.map}
          emergency={message.emergency !== null}
          now={now}
          timeZone={timeZone}
        />
      )}

      {!message.sealed && message.attachments.length > 0 && (
        <section aria-labelledby="attachments-heading" className="flex flex-col gap-2">
          <h2 id="attachments-heading" className="text-sm font-semibold text-muted-foreground">
            Attached files
          </h2>
          <ul aria-label="Attachments" className="flex flex-col gap-2">
            {message.attachments.map((file) => (
              <li key={file.id} className="flex items-center gap-3 rounded-lg border bg-card px-3 py-2">
                <Paperclip className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
                <span className="min-w-0 flex-1 truncate text-sm font-medium">{file.name}</span>
                <span className="shrink-0 text-xs text-muted-foreground">{fileSize(file.size)}</span>
                <a
                  href={releasedAttachmentUrl(messageId, file.id, token)}
                  download={file.name}
                  rel="noreferrer"
                  aria-label={`Download ${file.name}`}
                  className="inline-flex items-center gap-1 rounded-md px-2 py-1 text-sm font-medium text-primary hover:bg-accent"
                >
                  <Download className="size-4" aria-hidden="true" />
                  <span className="hidden sm:inline">Download</span>
                </a>
              </li>
            ))}
          </ul>
        </section>
      )}

      <p className="text-center text-sm text-muted-foreground">
        {message.expires_at
          ? `This link stops working on ${formatDateTime(new Date(message.expires_at), timeZone)}. Save anything you want to keep before then.`
          : keepLinkText(message.delivered_by)}
      </p>
    </article>
  );
}

/** What to keep to come back, named as the channel that brought the link (a WhatsApp recipient has no e-mail). */
function keepLinkText(deliveredBy: OpenMessage["delivered_by"]): string {
  return deliveredBy
    ? `Keep the ${CHANNEL_MESSAGE_WORDS[deliveredBy]} with this link if you want to read the message again.`
    : "Keep this link if you want to read the message again.";
}

const hasPoint = (location: OpenMessage["location"]) =>
  location !== null && location.latitude !== null && location.longitude !== null;
