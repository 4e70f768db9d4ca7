import { randomUUID } from "node:crypto";
import {
  TRUSTED_CONTACT_INVITATION_TTL_MS,
  TRUSTED_CONTACTS_MAX,
  type TrustedContact,
  type TrustedContactInvite,
} from "@trigger-switch/contracts";
import { and, eq, inArray } from "drizzle-orm";
import type { Clock } from "../clock.ts";
import type { MasterKeys } from "../crypto/master-keys.ts";
import type { Db, Tx } from "../db/connect.ts";
import { lockUserRow } from "../db/owned-row.ts";
import { trustedContacts, users, verifiedNumbers } from "../db/schema.ts";
import { newSecretToken } from "../engine/secret-token.ts";
import { AppError } from "../errors.ts";
import { sealContactName, toTrustedContactDto } from "./seal-contact.ts";

/**
 * Names someone as a trusted contact (docs/decisions/041) and returns the single-use invitation
 * token, shown to nobody but the invitation that carries it (only its SHA-256 is kept). Inviting an
 * address whose invitation lapsed unanswered renews that invitation; a live one is refused.
 */
export async function inviteTrustedContact({
  db,
  clock,
  masterKeys,
  userId,
  input,
}: {
  db: Db;
  clock: Clock;
  masterKeys: MasterKeys;
  userId: string;
  input: TrustedContactInvite;
}): Promise<{ contact: TrustedContact; invitationToken: string }> {
  return db.transaction(async (tx) => {
    // Two invitations at once must not both pass the count or the address check.
    await lockUserRow(tx, userId);
    const now = clock.now();
    await refuseOwnAddress(tx, userId, input.address);
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
