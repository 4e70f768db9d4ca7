import type { TrustedContact } from "@trigger-switch/contracts";
import type { MasterKeys } from "../crypto/master-keys.ts";
import { newRecordCipher, recordCipherOf } from "../crypto/record-cipher.ts";
import type { trustedContacts } from "../db/schema.ts";

export type TrustedContactRow = typeof trustedContacts.$inferSelect;

/** A contact's name is what the owner wrote about someone: sealed like a recipient's (docs/decisions/010). */
export function sealContactName(masterKeys: MasterKeys, id: string, name: string) {
  const { cipher, keyId, wrappedKey } = newRecordCipher(masterKeys, "contact", id);
  return { keyId, wrappedKey, name: cipher.seal("name", name) };
}

/** The contact as its owner sees it, name opened. */
export function toTrustedContactDto(masterKeys: MasterKeys, row: TrustedContactRow): TrustedContact {
  const cipher = recordCipherOf(masterKeys, "contact", row);
  return {
    id: row.id,
    name: cipher.open("name", row.name),
    channel: row.channel,
    address: row.address,
    state: row.state,
    invited_at: row.invitedAt.toISOString(),
    invitation_expires_at: row.state === "invited" ? row.invitationExpiresAt.toISOString() : null,
    responded_at: row.respondedAt?.toISOString() ?? null,
    ended_at: row.endedAt?.toISOString() ?? null,
  };
}
