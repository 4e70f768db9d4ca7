import { messageReadiness, type Message, type RecipientChannel } from "@trigger-switch/contracts";
import { attachmentNameField } from "../attachments/attachment-fields.ts";
import { messageCipherOf } from "../crypto/message-cipher.ts";
import type { MasterKeys } from "../crypto/master-keys.ts";
import type { MessageRow } from "./find-owned-message.ts";
import type { MessageParts } from "./load-message-parts.ts";
import { openMessage } from "./open-message.ts";
import { openSealed } from "../sealing/seal-rules.ts";

/**
 * The whole message, decrypted, with its recipients, conditions, attachments and readiness on the
 * channels this server sends by (`delivered`).
 */
export function toMessageDto(
  masterKeys: MasterKeys,
  row: MessageRow,
  parts: MessageParts,
  delivered: readonly RecipientChannel[],
): Message {
  const cipher = messageCipherOf(masterKeys, row);
  return {
    id: row.id,
    ...openMessage(cipher, row),
    share_location: row.shareLocation,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    recipients: parts.recipients,
    conditions: parts.conditions,
    attachments: parts.attachments.map(({ sealedName, ...a }) => ({
      ...a,
      file_name: cipher.openText(attachmentNameField(a.id), sealedName),
    })),
    ...messageReadiness({ recipients: parts.recipients, conditions: parts.conditions, delivered }),
    sealed: openSealed(cipher, row),
    last_release: parts.lastRelease,
  };
}
