import { randomUUID } from "node:crypto";
import {
  TRUSTED_CONTACT_INVITATION_TTL_MS,
  TRUSTED_CONTACTS_MAX,
  type TrustedContact,
  type TrustedContactInvite,
} from "@trigger-switch/contracts";
import { and, eq, inArray } from "drizzle-orm";
import type { PhoneChannelId } from "../channels/channel.ts";
import { CHANNEL_NAMES } from "../channels/channel-names.ts";
import type { Clock } from "../clock.ts";
import type { MasterKeys } from "../crypto/master-keys.ts";
import type { Db, Tx } from "../db/connect.ts";
import { lockUserRow } from "../db/owned-row.ts";
import { profiles, trustedContacts, users, verifiedNumbers } from "../db/schema.ts";
import { newSecretToken } from "../engine/secret-token.ts";
import { AppError } from "../errors.ts";
import { enqueueContactNotice } from "./contact-notice.ts";
import { invitationMail } from "./confirmation-mail.ts";
import { sealContactName, toTrustedContactDto } from "./seal-contact.ts";

/**
 * Names someone as a trusted contact (docs/decisions/041) and queues the invitation mail carrying
 * its single-use token (only the token's SHA-256 is kept; the token is returned for tests). Inviting
 * an address whose invitation lapsed unanswered renews that invitation; a live one is refused. The
 * invitation names the owner by first name only, so the owner must have given one. It goes by
 * the contact's channel: e-mail, or SMS/WhatsApp where this server reaches contacts on it
 * (`phoneChannels`, contact-channels.ts); a channel that is off is refused with a sentence.
 */
export async function inviteTrustedContact({
  db,
  clock,
  masterKeys,
  siteUrl,
  userId,
  input,
  phoneChannels = [],
}: {
  db: Db;
  clock: Clock;
  masterKeys: MasterKeys;
  /** The web app's address, for the invitation's link. */
  siteUrl: string;
  /** The messaging channels that reach trusted contacts here (none: e-mail only). */
  phoneChannels?: readonly PhoneChannelId[];
  userId: string;
  input: TrustedContactInvite;
}): Promise<{ contact: TrustedContact; invitationToken: string }> {
  return db.transaction(async (tx) => {
    // Two invitations at once must not both pass the count or the address check.
    await lockUserRow(tx, userId);
    const now = clock.now();
    if (input.channel !== "email" && !phoneChannels.includes(input.channel)) {
      const name = CHANNEL_NAMES[input.channel];
      throw new AppError(
        "validation_failed",
        `This server does not send to trusted contacts by ${name}: invite them by ${[...phoneChannels.map((c) => CHANNEL_NAMES[c]), "e-mail"].join(" or ")}.`,
        { channel: `${name} is not available for trusted contacts here` },
      );
    }
    await refuseOwnAddress(tx, userId, input.address);
    const firstName = await ownFirstName(tx, userId);
    const live = await tx
      .select()
      .from(trustedContacts)
      .where(and(eq(trustedContacts.userId, userId), inArray(trustedContacts.state, ["invited", "active"])));
    const same = live.find((c) => c.address === input.address);
    const lapsed = same?.state === "invited" && same.invitationExpiresAt <= now;
    if (same && !lapsed)
      throw new AppError(
        "conflict",
        same.state === "active"
          ? `${input.address} is already one of your trusted contacts.`
          : `${input.address} already has an invitation waiting for an answer. You can invite them again if it lapses.`,
        { address: "Already one of your trusted contacts" },
      );
    if (!same && live.length >= TRUSTED_CONTACTS_MAX)
      throw new AppError(
        "conflict",
        `You can have ${TRUSTED_CONTACTS_MAX} trusted contacts at once. Remove one to invite someone else.`,
      );
    const { token, hash } = newSecretToken();
    const invitation = {
      invitationHash: hash,
      invitationExpiresAt: new Date(now.getTime() + TRUSTED_CONTACT_INVITATION_TTL_MS),
      invitedAt: now,
      updatedAt: now,
    };
    const id = same?.id ?? randomUUID();
    const fields = { ...sealContactName(masterKeys, id, input.name), channel: input.channel, ...invitation };
    const [row] = same
      ? await tx.update(trustedContacts).set(fields).where(eq(trustedContacts.id, id)).returning()
      : await tx
          .insert(trustedContacts)
          .values({ id, userId, address: input.address, ...fields, createdAt: now })
          .returning();
    // Queued with the invitation itself: it goes out exactly when the invitation exists.
    await enqueueContactNotice(tx, {
      masterKeys,
      now,
      userId,
      ownerFirstName: firstName,
      contact: row!,
      key: `contact-invitation:${id}:${now.toISOString()}`,
      content: invitationMail({ ownerFirstName: firstName, siteUrl, token, expiresAt: invitation.invitationExpiresAt }),
    });
    return { contact: toTrustedContactDto(masterKeys, row!), invitationToken: token };
  });
}

/** The owner cannot vouch for themselves: their own e-mail address or verified number is refused. */
async function refuseOwnAddress(tx: Tx, userId: string, address: string): Promise<void> {
  const [own] = await tx.select({ email: users.email }).from(users).where(eq(users.id, userId));
  const [number] = await tx
    .select({ number: verifiedNumbers.number })
    .from(verifiedNumbers)
    .where(eq(verifiedNumbers.userId, userId));
  if (own?.email.toLowerCase() === address || number?.number === address)
    throw new AppError("validation_failed", "A trusted contact must be someone else: this address is yours.", {
      address: "This is your own address",
    });
}

/** The invitation tells the contact who asked by first name only (041), so one is needed. */
async function ownFirstName(tx: Tx, userId: string): Promise<string> {
  const [profile] = await tx.select({ firstName: profiles.firstName }).from(profiles).where(eq(profiles.id, userId));
  const name = profile?.firstName?.trim();
  if (!name)
    throw new AppError(
      "validation_failed",
      "Add your first name to your profile first: your trusted contacts are told who asked them.",
      { first_name: "Add your first name to your profile" },
    );
  return name;
}
