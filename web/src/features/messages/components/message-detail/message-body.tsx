import type { Message } from "@trigger-switch/contracts";
import { Download, Paperclip } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { downloadAttachment, useDownloadAttachment } from "@/features/attachments";
import { SealedContent } from "@/features/sealing";
import { fileSize } from "@/lib/file-size";
import { useApi } from "@/lib/services";

/** The text as written (line breaks kept) and the attachments, each downloadable. */
export function MessageBody({ message }: { message: Message }) {
  const download = useDownloadAttachment();
  const api = useApi();
  if (message.sealed)
    return (
      <SealedContent
        sealed={message.sealed}
        files={message.attachments.map((a) => ({ id: a.id, name: a.file_name, size: a.size_bytes }))}
        fetchAge={async (file) =>
          new Uint8Array(
            await (
              await downloadAttachment(
                api,
                message.attachments.find((a) => a.id === file.id)!,
              )
            ).arrayBuffer(),
          )
        }
        intro="This message is sealed. Enter its passphrase to read it here: it is opened in this browser, and the passphrase is not sent anywhere."
        renderText={(text) =>
          text ? (
            <p className="text-base leading-relaxed break-words whitespace-pre-wrap">{text}</p>
          ) : (
            <p className="text-sm text-muted-foreground">This message has no text.</p>
          )
        }
      />
    );
  return (
    <div className="flex flex-col gap-5">
      {message.text_content ? (
        <p className="text-base leading-relaxed break-words whitespace-pre-wrap">{message.text_content}</p>
      ) : (
        <p className="text-sm text-muted-foreground">This message has no text yet.</p>
      )}
      {message.attachments.length > 0 && (
        <ul aria-label="Attachments" className="flex flex-col gap-2">
          {message.attachments.map((attachment) => {
            const busy = download.isPending && download.variables?.id === attachment.id;
            return (
              <li key={attachment.id} className="flex items-center gap-3 rounded-lg border bg-background px-3 py-2">
                <Paperclip className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
                <span className="min-w-0 flex-1 truncate text-sm font-medium">{attachment.file_name}</span>
                <span className="shrink-0 text-xs text-muted-foreground">{fileSize(attachment.size_bytes)}</span>
                <Button
                  type="button"
                  variant="ghost"
                  size="sm"
                  disabled={busy}
                  aria-label={`Download ${attachment.file_name}`}
                  onClick={() => download.mutate(attachment)}
                >
                  {busy ? <Spinner /> : <Download aria-hidden="true" />}
                  <span className="hidden sm:inline">Download</span>
                </Button>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
