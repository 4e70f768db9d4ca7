import type { Attachment, Condition, Recipient } from "@trigger-switch/contracts";
import { asc, eq, inArray } from "drizzle-orm";
import type { MasterKeys } from "../crypto/master-keys.ts";
import type { Db } from "../db/connect.ts";
import { messageAttachments, messageConditions, messageRecipients, recipients } from "../db/schema.ts";
import { toConditionDto } from "../conditions/to-condition-dto.ts";
import { byName } from "../recipients/by-name.ts";
import { openRecipient } from "../recipients/seal-recipient.ts";
import { toRecipientDto } from "../recipients/to-recipient-dto.ts";
import { attachmentOrder } from "../attachments/attachment-order.ts";
import { loadLastReleases, type LastRelease } from "./load-last-releases.ts";

export interface MessageParts {
  recipients: Recipient[];
  conditions: Condition[];
  attachments: (Omit<Attachment, "file_name"> & { sealedName: string })[];
  lastRelease: LastRelease | null;
}

/** Recipients, conditions, attachment rows and latest releases of several messages in four queries (no N+1 in lists). */
export async function loadMessageParts({
  db,
  masterKeys,
  messageIds,
  now,
  timeZone,
}: {
  db: Db;
  masterKeys: MasterKeys;
  messageIds: string[];
  now: Date;
  timeZone?: string;
}): Promise<Map<string, MessageParts>> {
  const parts = new Map<string, MessageParts>(
    messageIds.map((id) => [id, { recipients: [], conditions: [], attachments: [], lastRelease: null }]),
  );
  if (messageIds.length === 0) return parts;
  const [links, conditions, attachments, lastReleases] = await Promise.all([
    db
      .select({ messageId: messageRecipients.messageId, recipient: recipients })
      .from(messageRecipients)
      .innerJoin(recipients, eq(recipients.id, messageRecipients.recipientId))
      .where(inArray(messageRecipients.messageId, messageIds)),
    db
      .select()
      .from(messageConditions)
      .where(inArray(messageConditions.messageId, messageIds))
      .orderBy(asc(messageConditions.createdAt), asc(messageConditions.id)),
    db
      .select()
      .from(messageAttachments)
      .where(inArray(messageAttachments.messageId, messageIds))
      .orderBy(...attachmentOrder),
    loadLastReleases({ db, messageIds }),
  ]);
  for (const [messageId, release] of lastReleases) parts.get(messageId)!.lastRelease = release;
  for (const l of links)
    parts.get(l.messageId)!.recipients.push(toRecipientDto(openRecipient(masterKeys, l.recipient)));
  for (const p of parts.values()) p.recipients.sort(byName);
  for (const c of conditions) parts.get(c.messageId)!.conditions.push(toConditionDto(c, now, timeZone));
  for (const a of attachments) {
    parts.get(a.messageId)!.attachments.push({
      id: a.id,
      message_id: a.messageId,
      sealedName: a.fileName,
      content_type: a.contentType,
      size_bytes: a.sizeBytes,
      sealed: a.sealed,
      created_at: a.createdAt.toISOString(),
    });
  }
  return parts;
}
