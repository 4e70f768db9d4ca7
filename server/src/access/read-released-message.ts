import { and, asc, eq, isNull } from "drizzle-orm";
import type { Clock } from "../clock.ts";
import type { MasterKeys } from "../crypto/master-keys.ts";
import { messageCipherOf } from "../crypto/message-cipher.ts";
import type { Db } from "../db/connect.ts";
import { accessGrants, messageAttachments, messages, profiles } from "../db/schema.ts";
import { notFound } from "../errors.ts";
import { attachmentNameField } from "../attachments/attachment-fields.ts";
import { openMessage } from "../messages/open-message.ts";
import { findAccessGrant, NO_ACCESS } from "./find-access-grant.ts";

export type ReleasedMessage =
  | { state: "locked"; opens_at: string }
  | {
      state: "open";
      sender: { first_name: string | null; last_name: string | null };
      title: string;
      text_content: string;
      location: { latitude: number | null; longitude: number | null; name: string | null } | null;
      attachments: { id: string; name: string; type: string; size: number }[];
      released_at: string;
      expires_at: string | null;
    };

/**
 * What a recipient sees through their link: nothing but the opening time during the unlock delay,
 * then the message, decrypted on the way out. The first opening is recorded for the owner.
 */
export async function readReleasedMessage({ db, clock, masterKeys, messageId, token }: { db: Db; clock: Clock; masterKeys: MasterKeys; messageId: string; token: string | undefined }): Promise<ReleasedMessage> {
  const { grant, open } = await findAccessGrant({ db, clock, messageId, token });
  if (!open) return { state: "locked", opens_at: grant.opensAt.toISOString() };
  const [message] = await db.select().from(messages).where(eq(messages.id, messageId));
  if (!message) throw notFound(NO_ACCESS);
  const [sender] = await db.select({ first: profiles.firstName, last: profiles.lastName }).from(profiles).where(eq(profiles.id, message.userId));
  const cipher = messageCipherOf(masterKeys, message);
  const opened = openMessage(cipher, message);
  const files = await db.select().from(messageAttachments).where(eq(messageAttachments.messageId, messageId)).orderBy(asc(messageAttachments.createdAt), asc(messageAttachments.id));
  await db.update(accessGrants).set({ firstOpenedAt: clock.now() }).where(and(eq(accessGrants.id, grant.id), isNull(accessGrants.firstOpenedAt)));
  return {
    state: "open",
    sender: { first_name: sender?.first ?? null, last_name: sender?.last ?? null },
    title: opened.title,
    text_content: opened.text_content,
    location: message.shareLocation ? { latitude: opened.location_latitude, longitude: opened.location_longitude, name: opened.location_name } : null,
    attachments: files.map((f) => ({ id: f.id, name: cipher.openText(attachmentNameField(f.id), f.fileName), type: f.contentType, size: f.sizeBytes })),
    released_at: grant.releasedAt.toISOString(),
    expires_at: grant.expiresAt?.toISOString() ?? null,
  };
}
