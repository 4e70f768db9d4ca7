import type { AccessDenyView, AccessRequestState, OwnerAccessRequest } from "@trigger-switch/contracts";
import { and, desc, eq, inArray, isNull, type SQL } from "drizzle-orm";
import type { Clock } from "../clock.ts";
import type { MasterKeys } from "../crypto/master-keys.ts";
import { messageCipherOf } from "../crypto/message-cipher.ts";
import { recordCipherOf } from "../crypto/record-cipher.ts";
import type { Db, Tx } from "../db/connect.ts";
import { isUuid } from "../db/owned-row.ts";
import { accessGrants, accessRequests, messages, trustedContacts } from "../db/schema.ts";
import { hashSecretToken } from "../engine/secret-token.ts";
import { AppError } from "../errors.ts";
import { enqueueContactNotice } from "./contact-notice.ts";
import { accessDeniedContactMail } from "./access-request-mail.ts";
import { firstNameOf } from "./answer-invitation.ts";
import { contactName } from "./stage-context.ts";

type RequestRow = typeof accessRequests.$inferSelect;

/** How many requests the owner's list shows, newest first. */
const OWNER_LIST_MAX = 50;

/**
 * Denies every waiting request `where` selects, under their row locks (the lock the engine's grant
 * takes, so a Deny racing the grant has one winner), and tells each contact once that the owner said
 * no. Returns the requests denied.
 */
export async function denyWaiting(
  tx: Tx,
  { masterKeys, now, where, tellContact }: { masterKeys: MasterKeys; now: Date; where: SQL; tellContact: boolean },
): Promise<RequestRow[]> {
  const waiting = await tx
    .select({ id: accessRequests.id })
    .from(accessRequests)
    .where(and(where, eq(accessRequests.state, "waiting")))
    .orderBy(accessRequests.id)
    .for("update");
  if (waiting.length === 0) return [];
  const denied = await tx
    .update(accessRequests)
    .set({ state: "denied", decidedAt: now, updatedAt: now })
    .where(
      and(
        inArray(
          accessRequests.id,
          waiting.map((w) => w.id),
        ),
        eq(accessRequests.state, "waiting"),
      ),
    )
    .returning();
  if (tellContact) {
    const told = new Set<string>();
    for (const r of denied) {
      if (told.has(r.contactId)) continue;
      told.add(r.contactId);
      const [contact] = await tx.select().from(trustedContacts).where(eq(trustedContacts.id, r.contactId));
      if (!contact || contact.state !== "active") continue;
      const ownerFirstName = await firstNameOf(tx, r.userId);
      await enqueueContactNotice(tx, {
        masterKeys,
        now,
        userId: r.userId,
        ownerFirstName,
        contact,
        key: `access-denied:${r.id}`,
        content: accessDeniedContactMail({ ownerFirstName }),
      });
    }
  }
  return denied;
}

/** The owner's requests for access, newest first, with the message's title and the contact's name opened. */
export async function listOwnerAccessRequests({
  db,
  masterKeys,
  userId,
  all = false,
}: {
  db: Db;
  masterKeys: MasterKeys;
  userId: string;
  /** Every one of them (the account export), not only the newest. */
  all?: boolean;
}): Promise<OwnerAccessRequest[]> {
  return ownerViews(db, masterKeys, eq(accessRequests.userId, userId), all ? null : OWNER_LIST_MAX);
}

async function ownerViews(db: Db | Tx, masterKeys: MasterKeys, where: SQL, limit: number | null) {
  const query = db
    .select({ request: accessRequests, message: messages, contact: trustedContacts, grant: accessGrants })
    .from(accessRequests)
    .innerJoin(messages, eq(messages.id, accessRequests.messageId))
    .innerJoin(trustedContacts, eq(trustedContacts.id, accessRequests.contactId))
    .leftJoin(accessGrants, eq(accessGrants.id, accessRequests.grantId))
    .where(where)
    .orderBy(desc(accessRequests.requestedAt), desc(accessRequests.id))
    .$dynamic();
  const rows = await (limit === null ? query : query.limit(limit));
  return rows.map(({ request: r, message, contact, grant }): OwnerAccessRequest => ({
    id: r.id,
    message_id: r.messageId,
    message_title: messageCipherOf(masterKeys, message).openText("title", message.title),
    contact_id: r.contactId,
    contact_name: contactName(masterKeys, contact),
    reason: recordCipherOf(masterKeys, "access-request", r).open("reason", r.reason),
    state: r.state,
    requested_at: r.requestedAt.toISOString(),
    grants_at: r.grantsAt.toISOString(),
    decided_at: r.decidedAt?.toISOString() ?? null,
    grant_id: r.grantId,
    revoked_at: grant?.cancelledAt?.toISOString() ?? null,
    first_opened_at: grant?.firstOpenedAt?.toISOString() ?? null,
  }));
}

const noSuchRequest = () => new AppError("not_found", "There is no such request for access.");

const endedSentence: Record<Exclude<AccessRequestState, "waiting">, string> = {
  denied: "This request was already denied.",
  granted: "The waiting period has ended and the message was released to them. You can revoke their access.",
  withdrawn: "They withdrew this request, so there is nothing to deny.",
};

/** The owner denies one request from their dashboard; a request no longer waiting says how it ended (409). */
export async function denyAccessRequest({
  db,
  clock,
  masterKeys,
  userId,
  requestId,
}: {
  db: Db;
  clock: Clock;
  masterKeys: MasterKeys;
  userId: string;
  requestId: string;
}): Promise<OwnerAccessRequest> {
  if (!isUuid(requestId)) throw noSuchRequest();
  return db.transaction(async (tx) => {
    const mine = and(eq(accessRequests.id, requestId), eq(accessRequests.userId, userId))!;
    const denied = await denyWaiting(tx, { masterKeys, now: clock.now(), where: mine, tellContact: true });
    const [view] = await ownerViews(tx, masterKeys, mine, 1);
    if (!view) throw noSuchRequest();
    if (denied.length === 0 && view.state !== "waiting") throw new AppError("conflict", endedSentence[view.state]);
    return view;
  });
}

/**
 * The owner takes back a contact's granted access: their link stops opening the message. Unlike a
 * release in its unlock delay, a grant on request opens at once, so it may have been read already;
 * the owner's screens say so.
 */
export async function revokeAccessGrant({
  db,
  clock,
  masterKeys,
  userId,
  requestId,
}: {
  db: Db;
  clock: Clock;
  masterKeys: MasterKeys;
  userId: string;
  requestId: string;
}): Promise<OwnerAccessRequest> {
  if (!isUuid(requestId)) throw noSuchRequest();
  const mine = and(eq(accessRequests.id, requestId), eq(accessRequests.userId, userId))!;
  return db.transaction(async (tx) => {
    const [request] = await tx.select().from(accessRequests).where(mine);
    if (!request) throw noSuchRequest();
    const revoked =
      request.state === "granted" && request.grantId
        ? await tx
            .update(accessGrants)
            .set({ cancelledAt: clock.now() })
            .where(and(eq(accessGrants.id, request.grantId), isNull(accessGrants.cancelledAt)))
            .returning({ id: accessGrants.id })
        : [];
    if (revoked.length === 0)
      throw new AppError(
        "conflict",
        request.state === "granted" ? "Their access was already revoked." : "Only granted access can be revoked.",
      );
    const [view] = await ownerViews(tx, masterKeys, mine, 1);
    return view!;
  });
}

/** What the owner's Deny link shows: the ask it belongs to (null: no such link). Changes nothing. */
export async function lookupDenyLink({
  db,
  masterKeys,
  token,
}: {
  db: Db;
  masterKeys: MasterKeys;
  token: string;
}): Promise<AccessDenyView | null> {
  return denyView(db, masterKeys, hashSecretToken(token));
}

/** The one-tap Deny: every request of that ask still waiting is denied; a second tap changes nothing. */
export async function denyByLink({
  db,
  clock,
  masterKeys,
  token,
}: {
  db: Db;
  clock: Clock;
  masterKeys: MasterKeys;
  token: string;
}): Promise<AccessDenyView | null> {
  const hash = hashSecretToken(token);
  return db.transaction(async (tx) => {
    await denyWaiting(tx, {
      masterKeys,
      now: clock.now(),
      where: eq(accessRequests.denyHash, hash),
      tellContact: true,
    });
    return denyView(tx, masterKeys, hash);
  });
}

async function denyView(db: Db | Tx, masterKeys: MasterKeys, hash: string): Promise<AccessDenyView | null> {
  const views = await ownerViews(db, masterKeys, eq(accessRequests.denyHash, hash), 100);
  const first = views[0];
  if (!first) return null;
  // One ask, several messages: waiting while any still waits, else granted if any was.
  const state = views.some((v) => v.state === "waiting")
    ? "waiting"
    : views.some((v) => v.state === "granted")
      ? "granted"
      : first.state;
  return {
    contact_name: first.contact_name,
    message_titles: views.map((v) => v.message_title),
    requested_at: first.requested_at,
    grants_at: views.map((v) => v.grants_at).sort()[0]!,
    state,
    decided_at: state === "waiting" ? null : (views.find((v) => v.state === state)?.decided_at ?? null),
  };
}
