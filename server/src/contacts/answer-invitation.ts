import type { DeliveryChannel, TrustedContactState } from "@trigger-switch/contracts";
import { and, eq } from "drizzle-orm";
import type { Clock } from "../clock.ts";
import type { Db, Tx } from "../db/connect.ts";
import { accessPermissions, accessRequests, profiles, trustedContacts } from "../db/schema.ts";
import type { MasterKeys } from "../crypto/master-keys.ts";
import { hashSecretToken, newSecretToken } from "../engine/secret-token.ts";
import { contactPageUrl } from "../mail/web-links.ts";
import { enqueueContactNotice } from "./contact-notice.ts";
import { pageLinkMail } from "./confirmation-mail.ts";

/** Who asked, and how this contact is reached (so a page can say where their link was sent). */
interface Seen {
  ownerFirstName: string;
  channel: DeliveryChannel;
}

/** What a contact following a link is told; never more of the owner than their first name (041). */
export type ContactLinkOutcome =
  | ({ kind: "accepted"; pageToken: string } & Seen)
  | ({ kind: "declined" } & Seen)
  | ({ kind: "left" } & Seen)
  /** The link did what it does already, or the contact's standing changed since: nothing changed now. */
  | ({ kind: "already"; state: TrustedContactState } & Seen)
  | ({ kind: "expired" } & Seen)
  /** No such link (mistyped, forged, or of a deleted account). */
  | { kind: "unknown" };

/** Used when the owner gave no first name: still says who, without their address. */
export const UNNAMED_OWNER = "the person who invited you";

/**
 * Accepts or declines an invitation through its single-use link. Accepting issues the contact's own
 * page link (returned once, stored as SHA-256, and sent to them in the same transaction). The row is locked, so the same link followed twice at
 * once, or racing the owner's removal, has one outcome.
 */
export async function answerInvitation({
  db,
  clock,
  masterKeys,
  siteUrl,
  token,
  answer,
}: {
  db: Db;
  clock: Clock;
  masterKeys: MasterKeys;
  /** The web app's address, for the page link mailed on accepting. */
  siteUrl: string;
  token: string;
  answer: "accept" | "decline";
}): Promise<ContactLinkOutcome> {
  return db.transaction(async (tx) => {
    const row = await lockContact(tx, eq(trustedContacts.invitationHash, hashSecretToken(token)));
    if (!row) return { kind: "unknown" };
    const ownerFirstName = await firstNameOf(tx, row.userId);
    if (row.state !== "invited") return { kind: "already", state: row.state, ownerFirstName, channel: row.channel };
    const now = clock.now();
    if (row.invitationExpiresAt <= now) return { kind: "expired", ownerFirstName, channel: row.channel };
    if (answer === "decline") {
      await tx
        .update(trustedContacts)
        .set({ state: "declined", respondedAt: now, updatedAt: now })
        .where(eq(trustedContacts.id, row.id));
      return { kind: "declined", ownerFirstName, channel: row.channel };
    }
    const page = newSecretToken();
    await tx
      .update(trustedContacts)
      .set({ state: "active", respondedAt: now, pageHash: page.hash, updatedAt: now })
      .where(eq(trustedContacts.id, row.id));
    // The page is shown once on accepting; the mail (or text) keeps it for the day they need it.
    await enqueueContactNotice(tx, {
      masterKeys,
      now,
      userId: row.userId,
      ownerFirstName,
      contact: row,
      key: `contact-page:${row.id}:${now.toISOString()}`,
      content: pageLinkMail({ ownerFirstName, pageUrl: contactPageUrl(siteUrl, page.token) }),
    });
    return { kind: "accepted", ownerFirstName, channel: row.channel, pageToken: page.token };
  });
}

/** A contact steps down through their page link; an owner's removal or an earlier leave is said as such. */
export async function leaveAsContact({
  db,
  clock,
  pageToken,
}: {
  db: Db;
  clock: Clock;
  pageToken: string;
}): Promise<ContactLinkOutcome> {
  return db.transaction(async (tx) => {
    const row = await lockContact(tx, eq(trustedContacts.pageHash, hashSecretToken(pageToken)));
    if (!row) return { kind: "unknown" };
    const ownerFirstName = await firstNameOf(tx, row.userId);
    if (row.state !== "active") return { kind: "already", state: row.state, ownerFirstName, channel: row.channel };
    await stepDown(tx, row, clock.now());
    return { kind: "left", ownerFirstName, channel: row.channel };
  });
}

/**
 * A contact steps down (their page, or STOP by text): an open invitation counts as declined, an
 * active contact has left, and someone who steps down no longer asks for anything.
 */
export async function stepDown(tx: Db | Tx, row: { id: string; state: string }, now: Date): Promise<void> {
  await tx
    .update(trustedContacts)
    .set(
      row.state === "invited"
        ? { state: "declined", respondedAt: now, updatedAt: now }
        : { state: "left", endedAt: now, updatedAt: now },
    )
    .where(eq(trustedContacts.id, row.id));
  await tx
    .update(accessRequests)
    .set({ state: "withdrawn", decidedAt: now, updatedAt: now })
    .where(and(eq(accessRequests.contactId, row.id), eq(accessRequests.state, "waiting")));
  await tx.delete(accessPermissions).where(eq(accessPermissions.contactId, row.id));
}

async function lockContact(tx: Tx, where: ReturnType<typeof eq>) {
  const [row] = await tx.select().from(trustedContacts).where(where).for("update");
  return row;
}

/** The owner's first name as a contact may read it, or UNNAMED_OWNER. */
export async function firstNameOf(tx: Db | Tx, userId: string): Promise<string> {
  const [profile] = await tx.select({ firstName: profiles.firstName }).from(profiles).where(eq(profiles.id, userId));
  return profile?.firstName?.trim() || UNNAMED_OWNER;
}
