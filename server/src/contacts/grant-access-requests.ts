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
import { accessGrantedContactMail, accessGrantedOwnerMail } from "./access-request-mail.ts";
import { contactName, readOwners } from "./stage-context.ts";

/**
 * The engine's step for emergency access on request (docs/decisions/041): every request whose
 * waiting period has ended and that nobody denied or withdrew is granted, in one transaction per
 * batch, under the requests' row locks (FOR UPDATE SKIP LOCKED: the lock a Deny takes, so a Deny
 * racing this has one winner, and two workers never grant one request twice). A grant is the normal
 * access grant, to the contact alone; its link goes to them in a queued mail that keeps the grant's
 * id, so the owner's screens show its delivery like a recipient's. The owner is told. A request whose
 * contact is no longer active, or whose permission was taken back, is denied instead (the paths that
 * end those deny at once; this is the last check). Returns how many were granted.
 */
export async function grantDueAccessRequests({
  db,
  clock,
  masterKeys,
  siteUrl,
  limit = 500,
}: {
  db: Db;
  clock: Clock;
  masterKeys: MasterKeys;
  siteUrl: string;
  limit?: number;
}): Promise<number> {
  const now = clock.now();
  return db.transaction(async (tx) => {
    const due = await tx
      .select()
      .from(accessRequests)
      .where(and(eq(accessRequests.state, "waiting"), lte(accessRequests.grantsAt, now)))
      .orderBy(asc(accessRequests.grantsAt), asc(accessRequests.id))
      .limit(limit)
      .for("update", { skipLocked: true });
    let granted = 0;
    for (const request of due) {
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
        continue;
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
      await enqueueOwnerNotice(tx, {
        masterKeys,
        now,
        grantId,
        notice: {
          to: contact.address,
          userId: request.userId,
          key: `access-granted:${request.id}`,
          ...accessGrantedContactMail({
            ownerFirstName: owner.firstName,
            number: await messageNumber(tx, contact.id, message.id),
            sealed: message.sealedText !== null,
            accessUrl: accessPageUrl(siteUrl, message.id, token),
          }),
        },
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
      granted++;
    }
    return granted;
  });
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
