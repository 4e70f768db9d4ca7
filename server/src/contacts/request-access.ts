import { randomUUID } from "node:crypto";
import { ACCESS_REQUEST_COOLDOWN_MS, formatMailWhen, type ContactAccessMessage } from "@trigger-switch/contracts";
import { and, asc, desc, eq } from "drizzle-orm";
import type { Clock } from "../clock.ts";
import type { MasterKeys } from "../crypto/master-keys.ts";
import { messageCipherOf } from "../crypto/message-cipher.ts";
import { newRecordCipher } from "../crypto/record-cipher.ts";
import type { Db, Tx } from "../db/connect.ts";
import { accessGrants, accessPermissions, accessRequests, messages, trustedContacts } from "../db/schema.ts";
import type { PhoneChannelId } from "../channels/channel.ts";
import { accessRequestEnvelope } from "../channels/delivery/phone-envelopes.ts";
import { enqueueOwnerNotice, enqueueOwnerPhoneNotices } from "../engine/owner-notices.ts";
import { hashSecretToken, newSecretToken } from "../engine/secret-token.ts";
import { AppError } from "../errors.ts";
import { accessDenyPageUrl } from "../mail/web-links.ts";
import { accessRequestedMail } from "./access-request-mail.ts";
import { contactName, readOwners } from "./stage-context.ts";

const HOUR = 3_600_000;

type RequestRow = typeof accessRequests.$inferSelect;

/**
 * The messages a contact may ask for, numbered in the order the owner allowed them (a contact never
 * sees a title), each with its latest request and whether a new one may be made now: not while one
 * waits or a grant stands, and not within a day of one that ended, so a denied contact cannot alert
 * the owner again and again.
 */
export async function contactAccessView(db: Db | Tx, contactId: string, now: Date): Promise<ContactAccessMessage[]> {
  const allowed = await db
    .select()
    .from(accessPermissions)
    .where(eq(accessPermissions.contactId, contactId))
    .orderBy(asc(accessPermissions.createdAt), asc(accessPermissions.messageId));
  if (allowed.length === 0) return [];
  const latest = await latestRequests(db, contactId);
  return allowed.map((p, i) => {
    const last = latest.get(p.messageId);
    const from = requestableFrom(last?.request, last?.revokedAt ?? null, now);
    return {
      number: i + 1,
      waiting_hours: p.waitingHours,
      request: last
        ? {
            state: last.request.state,
            requested_at: last.request.requestedAt.toISOString(),
            grants_at: last.request.grantsAt.toISOString(),
            decided_at: last.request.decidedAt?.toISOString() ?? null,
            revoked_at: last.revokedAt?.toISOString() ?? null,
          }
        : null,
      can_request: from !== null && from <= now,
      can_request_from: from && from > now ? from.toISOString() : null,
    };
  });
}

/** The contact's latest request per message, with its grant's revocation. */
async function latestRequests(db: Db | Tx, contactId: string) {
  const rows = await db
    .select({ request: accessRequests, revokedAt: accessGrants.cancelledAt })
    .from(accessRequests)
    .leftJoin(accessGrants, eq(accessGrants.id, accessRequests.grantId))
    .where(eq(accessRequests.contactId, contactId))
    .orderBy(desc(accessRequests.requestedAt), desc(accessRequests.id));
  const latest = new Map<string, { request: RequestRow; revokedAt: Date | null }>();
  for (const r of rows) if (!latest.has(r.request.messageId)) latest.set(r.request.messageId, r);
  return latest;
}

/** When a new request may be made (null: not while this one stands). */
function requestableFrom(last: RequestRow | undefined, revokedAt: Date | null, now: Date): Date | null {
  if (!last) return now;
  if (last.state === "waiting") return null;
  if (last.state === "granted" && !revokedAt) return null;
  const ended = revokedAt ?? last.decidedAt ?? last.requestedAt;
  return new Date(ended.getTime() + ACCESS_REQUEST_COOLDOWN_MS);
}

export type ContactAccessOutcome = { kind: "done"; contactId: string } | { kind: "unknown" };

/**
 * A contact asks, with a reason, for every message they may ask for now: one request each, with
 * that message's waiting period, and one alert to the owner (queued in the same transaction) naming
 * them all with a one-tap Deny link. The contact's row is locked, so a double tap asks once.
 */
export async function requestAccess({
  db,
  clock,
  masterKeys,
  siteUrl,
  phoneChannels,
  pageToken,
  reason,
}: {
  db: Db;
  clock: Clock;
  masterKeys: MasterKeys;
  siteUrl: string;
  /** The messaging channels this server is configured for (WhatsApp, SMS), for the owner's alert. */
  phoneChannels: readonly PhoneChannelId[];
  pageToken: string;
  reason: string;
}): Promise<ContactAccessOutcome & { denyToken?: string }> {
  return db.transaction(async (tx) => {
    const contact = await lockActiveContact(tx, pageToken);
    if (!contact) return { kind: "unknown" };
    const now = clock.now();
    const open = (await contactAccessView(tx, contact.id, now)).filter((m) => m.can_request);
    if (open.length === 0)
      throw new AppError(
        "conflict",
        "There is nothing you can ask for right now: your page says what is waiting and when you can ask again.",
      );
    const allowed = await tx
      .select({ permission: accessPermissions, message: messages })
      .from(accessPermissions)
      .innerJoin(messages, eq(messages.id, accessPermissions.messageId))
      .where(eq(accessPermissions.contactId, contact.id))
      .orderBy(asc(accessPermissions.createdAt), asc(accessPermissions.messageId));
    const numbers = new Set(open.map((m) => m.number));
    const asked = allowed.filter((_, i) => numbers.has(i + 1));
    const deny = newSecretToken();
    const rows = asked.map(({ permission }) => {
      const id = randomUUID();
      const { cipher, keyId, wrappedKey } = newRecordCipher(masterKeys, "access-request", id);
      return {
        id,
        userId: contact.userId,
        messageId: permission.messageId,
        contactId: contact.id,
        keyId,
        wrappedKey,
        reason: cipher.seal("reason", reason),
        denyHash: deny.hash,
        requestedAt: now,
        grantsAt: new Date(now.getTime() + permission.waitingHours * HOUR),
        createdAt: now,
        updatedAt: now,
      };
    });
    await tx.insert(accessRequests).values(rows);
    const owner = (await readOwners(tx, [contact.userId])).get(contact.userId)!;
    const titles = asked.map(({ message }) => messageCipherOf(masterKeys, message).openText("title", message.title));
    await enqueueOwnerNotice(tx, {
      masterKeys,
      now,
      notice: {
        to: owner.email,
        userId: contact.userId,
        key: `access-request:${rows[0]!.id}`,
        ...accessRequestedMail({
          contactName: contactName(masterKeys, contact),
          reason,
          requests: rows.map((r, i) => ({ title: titles[i]!, grantsAt: r.grantsAt })),
          timeZone: owner.timeZone,
          denyUrl: accessDenyPageUrl(siteUrl, deny.token),
          dashboardUrl: `${siteUrl}/dashboard`,
        }),
      },
    });
    // And on the owner's phone, where they chose it for their reminders and this server has it.
    const phone = owner.phone && {
      number: owner.phone.number,
      channels: owner.phone.channels.filter((c) => phoneChannels.includes(c)),
    };
    const soonest = new Date(Math.min(...rows.map((r) => r.grantsAt.getTime())));
    await enqueueOwnerPhoneNotices(tx, {
      masterKeys,
      now,
      notices: (phone?.channels ?? []).map((channel) => {
        const envelope = accessRequestEnvelope({
          to: phone!.number,
          firstName: owner.firstName,
          contactName: contactName(masterKeys, contact),
          when: formatMailWhen(soonest, owner.timeZone),
          link: accessDenyPageUrl(siteUrl, deny.token),
        });
        return {
          userId: contact.userId,
          channel,
          to: phone!.number,
          key: `access-request:${rows[0]!.id}:${channel}`,
          text: envelope.text,
          template: envelope.template!,
          about: { messageId: rows[0]!.messageId, conditionId: null, reminderId: null },
        };
      }),
    });
    return { kind: "done", contactId: contact.id, denyToken: deny.token };
  });
}

/** The contact takes back every request of theirs still waiting; the owner, who was alerted, is told. */
export async function withdrawAccessRequests({
  db,
  clock,
  masterKeys,
  pageToken,
}: {
  db: Db;
  clock: Clock;
  masterKeys: MasterKeys;
  pageToken: string;
}): Promise<ContactAccessOutcome> {
  return db.transaction(async (tx) => {
    const contact = await lockActiveContact(tx, pageToken);
    if (!contact) return { kind: "unknown" };
    const now = clock.now();
    const withdrawn = await tx
      .update(accessRequests)
      .set({ state: "withdrawn", decidedAt: now, updatedAt: now })
      .where(and(eq(accessRequests.contactId, contact.id), eq(accessRequests.state, "waiting")))
      .returning();
    if (withdrawn.length === 0)
      throw new AppError("conflict", "You have no request waiting: there is nothing to withdraw.");
    const owner = (await readOwners(tx, [contact.userId])).get(contact.userId)!;
    const name = contactName(masterKeys, contact);
    const subject = `${name} withdrew their request for access`;
    await enqueueOwnerNotice(tx, {
      masterKeys,
      now,
      notice: {
        to: owner.email,
        userId: contact.userId,
        key: `access-request-withdrawn:${withdrawn[0]!.id}`,
        subject,
        text: `${subject}. Nothing was sent to them.\n\n— Trigger Switch`,
      },
    });
    return { kind: "done", contactId: contact.id };
  });
}

/** The contact behind a page link, locked; a link of someone no longer active is refused with a sentence. */
async function lockActiveContact(tx: Tx, pageToken: string) {
  const [contact] = await tx
    .select()
    .from(trustedContacts)
    .where(eq(trustedContacts.pageHash, hashSecretToken(pageToken)))
    .for("update");
  if (!contact) return null;
  if (contact.state !== "active")
    throw new AppError("conflict", "You are no longer a trusted contact, so you cannot ask for access.");
  return contact;
}
