import {
  messagePreview,
  messageReadiness,
  type MessageListItem,
  type RecipientChannel,
} from "@trigger-switch/contracts";
import { messageCipherOf } from "../crypto/message-cipher.ts";
import type { MasterKeys } from "../crypto/master-keys.ts";
import type { MessageRow } from "./find-owned-message.ts";
import type { MessageParts } from "./load-message-parts.ts";

/** A list entry: only the title and the text (for its preview) are decrypted; location and file names stay sealed. */
export function toMessageListItem(
  masterKeys: MasterKeys,
  row: MessageRow,
  parts: MessageParts,
  delivered: readonly RecipientChannel[],
): MessageListItem {
  const cipher = messageCipherOf(masterKeys, row);
  const text = cipher.openText("text_content", row.textContent);
  return {
    id: row.id,
    title: cipher.openText("title", row.title),
    preview: messagePreview(text),
    share_location: row.shareLocation,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    recipient_count: parts.recipients.length,
    attachment_count: parts.attachments.length,
    sealed: row.sealedText !== null,
    conditions: parts.conditions,
    ...messageReadiness({ recipients: parts.recipients, conditions: parts.conditions, delivered }),
    last_release: parts.lastRelease,
  };
}
