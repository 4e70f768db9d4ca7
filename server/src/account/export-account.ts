import type { RecipientChannel } from "@trigger-switch/contracts";
import { and, asc, eq, isNotNull } from "drizzle-orm";
import type { AttachmentStorage } from "../attachments/attachment-storage.ts";
import { attachmentBytesField } from "../attachments/attachment-fields.ts";
import type { Clock } from "../clock.ts";
import { messageCipherOf } from "../crypto/message-cipher.ts";
import type { MasterKeys } from "../crypto/master-keys.ts";
import type { Db } from "../db/connect.ts";
import {
  accessPermissions,
  messageAttachments,
  messageConditions,
  messages,
  mfaFactors,
  profiles,
  users,
} from "../db/schema.ts";
import { listPushDevices } from "../push/list-push-devices.ts";
import { loadMessageParts } from "../messages/load-message-parts.ts";
import { toMessageDto } from "../messages/to-message-dto.ts";
import { toProfileDto } from "../profiles/to-profile-dto.ts";
import { listRecipients } from "../recipients/list-recipients.ts";
import { listTrustedContacts } from "../contacts/owner-contacts.ts";
import { readConditionConfirmation } from "../contacts/condition-confirmation.ts";
import { listOwnerAccessRequests } from "../contacts/decide-access-request.ts";
import { attachmentOrder } from "../attachments/attachment-order.ts";
import { sealedDownloadName } from "../sealing/sealed-download-name.ts";

export const EXPORT_FORMAT = "trigger-switch-export/1";

/** Said in every export, so a sealed part found years later can still be opened without us. */
export const SEALED_PARTS_NOTE =
  "A sealed message's text is its sealed.text, an age file (ASCII armor): save it as message.age. A sealed attachment's content_base64 decodes to an age file: save it under its age_file_name. Open either with the passphrase: age -d -o <output> <file>.age";

/**
 * Everything the owner keeps with us, decrypted, as one JSON document (sealed parts stay the age
 * files they are: only the owner's passphrase opens them) written piece by piece: the account
 * (without secrets), the profile, the recipients, the trusted contacts (all but those removed),
 * which conditions ask them first, which messages they may ask for and what they asked, and
 * every message with its recipients, conditions and attachments (file contents in base64). One
 * attachment is read into memory at a time, so a large account does not have to fit in memory at once.
 */
export async function* exportAccount({
  db,
  clock,
  masterKeys,
  storage,
  userId,
  delivered,
}: {
  db: Db;
  clock: Clock;
  masterKeys: MasterKeys;
  storage: AttachmentStorage;
  userId: string;
  /** The channels this server sends by (`deliveredBy`): readiness counts a recipient reachable on them. */
  delivered: readonly RecipientChannel[];
}): AsyncGenerator<string> {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) return;
  const [profile] = await db.select().from(profiles).where(eq(profiles.id, userId));
  const factors = await db.select().from(mfaFactors).where(eq(mfaFactors.userId, userId));
  const head = {
    format: EXPORT_FORMAT,
    sealed_parts: SEALED_PARTS_NOTE,
    exported_at: clock.now().toISOString(),
    account: {
      id: user.id,
      email: user.email,
      created_at: user.createdAt.toISOString(),
      sign_in_methods: (user.appMetadata.providers as string[] | undefined) ?? [],
      second_factors: factors
        .filter((f) => f.status === "verified")
        .map((f) => ({ type: f.factorType, name: f.friendlyName, added_at: f.createdAt.toISOString() })),
      // Names and dates only: a subscription's endpoint and keys are the browser's, and the check-in credential is kept hashed.
      notification_devices: (await listPushDevices({ db, userId })).devices.map(({ id: _id, ...device }) => device),
    },
    profile: profile ? toProfileDto(profile) : null,
    recipients: await listRecipients({ db, masterKeys, userId }),
    trusted_contacts: await listTrustedContacts({ db, masterKeys, userId }),
    // Which conditions ask which contacts first, with the settings and where each question stands.
    confirmations: await Promise.all(
      (
        await db
          .select({ id: messageConditions.id })
          .from(messageConditions)
          .where(and(eq(messageConditions.userId, userId), isNotNull(messageConditions.confirmation)))
          .orderBy(asc(messageConditions.createdAt), asc(messageConditions.id))
      ).map(async ({ id }) => ({
        condition_id: id,
        ...(await readConditionConfirmation({ db, clock, masterKeys, userId, conditionId: id })),
      })),
    ),
    // Which contacts may ask for which message, and every request they made.
    access_permissions: (
      await db
        .select()
        .from(accessPermissions)
        .where(eq(accessPermissions.userId, userId))
        .orderBy(asc(accessPermissions.createdAt), asc(accessPermissions.messageId))
    ).map((p) => ({ message_id: p.messageId, contact_id: p.contactId, waiting_hours: p.waitingHours })),
    access_requests: await listOwnerAccessRequests({ db, masterKeys, userId, all: true }),
  };
  const headJson = JSON.stringify(head, null, 2);
  yield `${headJson.slice(0, -2)},\n  "messages": [`;

  const rows = await db
    .select()
    .from(messages)
    .where(eq(messages.userId, userId))
    .orderBy(asc(messages.createdAt), asc(messages.id));
  const parts = await loadMessageParts({ db, masterKeys, messageIds: rows.map((r) => r.id), now: clock.now() });
  for (const [index, row] of rows.entries()) {
    const dto = toMessageDto(masterKeys, row, parts.get(row.id)!, delivered);
    const { attachments, ...message } = dto;
    const json = JSON.stringify({ ...message, recipients: dto.recipients.map((r) => r.id) }, null, 2).replace(
      /\n/g,
      "\n    ",
    );
    yield `${index === 0 ? "" : ","}\n    ${json.slice(0, -6)},\n      "attachments": [`;
    const cipher = messageCipherOf(masterKeys, row);
    const stored = await db
      .select()
      .from(messageAttachments)
      .where(eq(messageAttachments.messageId, row.id))
      .orderBy(...attachmentOrder);
    for (const [i, attachment] of attachments.entries()) {
      const record = stored.find((s) => s.id === attachment.id)!;
      const bytes = cipher.openBytes(attachmentBytesField(attachment.id), await storage.get(record.storageKey));
      const age = attachment.sealed ? { age_file_name: sealedDownloadName(attachment.file_name, true) } : {};
      yield `${i === 0 ? "" : ","}\n        ${JSON.stringify({ ...attachment, ...age, content_base64: bytes.toString("base64") })}`;
    }
    yield `${attachments.length > 0 ? "\n      " : ""}]\n    }`;
  }
  yield `${rows.length > 0 ? "\n  " : ""}]\n}\n`;
}
