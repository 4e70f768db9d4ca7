import { randomUUID } from "node:crypto";
import { and, asc, eq, lte, sql } from "drizzle-orm";
import type { Clock } from "../clock.ts";
import type { MasterKeys } from "../crypto/master-keys.ts";
import { messageCipherOf } from "../crypto/message-cipher.ts";
import type { Db, Tx } from "../db/connect.ts";
import { accessGrants, accessPermissions, accessRequests, messages, trustedContacts } from "../db/schema.ts";
import { enqueueOwnerNotice } from "../engine/owner-notices.ts";
import { newSecretToken } from "../engine/secret-token.ts";
import { accessPageUrl } from "../mail/web-links.ts";
import { enqueueContactNotice } from "./contact-notice.ts";
import { accessGrantedContactMail, accessGrantedOwnerMail } from "./access-request-mail.ts";
import { contactName, readOwners } from "./stage-context.ts";

/**
 * The engine's step for emergency access on request (docs/decisions/041): every request whose
 * waiting period has ended and that nobody denied or withdrew is granted. Each in its own
 * transaction, under its row lock (FOR UPDATE SKIP LOCKED: the lock a Deny takes, so a Deny racing
 * this has one winner, and two workers never grant one request twice), so a request that cannot be
 * granted now is logged and tried again next pass without holding back the others. A grant is the
 * normal access grant, to the contact alone; its link goes to them in a queued mail that keeps the
 * grant's id, so the owner's screens show its delivery like a recipient's. The owner is told. A
 * request whose contact is no longer active, or whose permission was taken back, is denied instead
 * (the paths that end those deny at once; this is the last check). Returns how many were granted.
 */
export async function grantDueAccessRequests({
  db,
  clock,
  masterKeys,
  siteUrl,
  log,
  limit = 500,
}: {
  db: Db;
  clock: Clock;
  masterKeys: MasterKeys;
  siteUrl: string;
  log: { error(obj: object, msg: string): void };
  limit?: number;
}): Promise<number> {
  const now = clock.now();
  const due = and(eq(accessRequests.state, "waiting"), lte(accessRequests.grantsAt, now));
  const ids = await db
    .select({ id: accessRequests.id })
    .from(accessRequests)
    .where(due)
    .orderBy(asc(accessRequests.grantsAt), asc(accessRequests.id))
    .limit(limit);
  let granted = 0;
  for (const { id } of ids) {
    try {
      const done = await db.transaction(async (tx) => {
        const [request] = await tx
          .select()
          .from(accessRequests)
          .where(and(eq(accessRequests.id, id), due))
          .for("update", { skipLocked: true });
        return request ? grantOne({ tx, now, masterKeys, siteUrl }, request) : false;
      });
      if (done) granted++;
    } catch (err) {
      log.error({ err, accessRequestId: id }, "could not grant a request for access; trying again next pass");
    }
  }
  return granted;
}

/** Grants one locked, due request (or denies it if its contact or permission is gone); true if granted. */
async function grantOne(
  { tx, now, masterKeys, siteUrl }: { tx: Tx; now: Date; masterKeys: MasterKeys; siteUrl: string },
  request: typeof accessRequests.$inferSelect,
): Promise<boolean> {
  const [found] = await tx
    .select({ contact: trustedContacts, message: messages, permitted: accessPermissions.contactId })
    .from(trustedContacts)
    .innerJoin(messages, eq(messages.id, request.messageId))
    .leftJoin(
      accessPermissions,
      and(eq(accessPermissions.messageId, request.messageId), eq(accessPermissions.contactId, trustedContacts.id)),
    )
    .where(eq(trustedContacts.id, request.contactId));
  if (!found || found.contact.state !== "active" || !found.permitted) {
    await tx
      .update(accessRequests)
      .set({ state: "denied", decidedAt: now, updatedAt: now })
      .where(eq(accessRequests.id, request.id));
    return false;
  }
  const { contact, message } = found;
  const { token, hash } = newSecretToken();
  const grantId = randomUUID();
  await tx.insert(accessGrants).values({
    id: grantId,
    tokenHash: hash,
    messageId: message.id,
    accessRequestId: request.id,
    deadline: request.grantsAt,
    releasedAt: now,
    // The waiting period was the owner's time to stop it: a second delay would only keep
    // someone waiting in an emergency.
    opensAt: now,
    expiresAt: null,
    createdAt: now,
  });
  await tx
    .update(accessRequests)
    .set({ state: "granted", decidedAt: now, grantId, updatedAt: now })
    .where(eq(accessRequests.id, request.id));
  const owner = (await readOwners(tx, [request.userId])).get(request.userId)!;
  await enqueueContactNotice(tx, {
    masterKeys,
    now,
    grantId,
    userId: request.userId,
    ownerFirstName: owner.firstName,
    contact,
    key: `access-granted:${request.id}`,
    content: accessGrantedContactMail({
      ownerFirstName: owner.firstName,
      number: await messageNumber(tx, contact.id, message.id),
      sealed: message.sealedText !== null,
      accessUrl: accessPageUrl(siteUrl, message.id, token),
    }),
  });
  await enqueueOwnerNotice(tx, {
    masterKeys,
    now,
    notice: {
      to: owner.email,
      userId: request.userId,
      key: `access-granted-owner:${request.id}`,
      ...accessGrantedOwnerMail({
        contactName: contactName(masterKeys, contact),
        title: messageCipherOf(masterKeys, message).openText("title", message.title),
        contactsUrl: `${siteUrl}/trusted-contacts`,
      }),
    },
  });
  return true;
}

/** The message's number on the contact's page (request-access.ts: their permissions in the order allowed). */
async function messageNumber(tx: Tx, contactId: string, messageId: string) {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(accessPermissions)
    .where(
      and(
        eq(accessPermissions.contactId, contactId),
        sql`(${accessPermissions.createdAt}, ${accessPermissions.messageId}) <= (select created_at, message_id from access_permissions where contact_id = ${contactId} and message_id = ${messageId})`,
      ),
    );
  return row?.n ?? 1;
}
