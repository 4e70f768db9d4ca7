import type { MasterKeys } from "../crypto/master-keys.ts";
import { newRecordCipher, recordCipherOf } from "../crypto/record-cipher.ts";
import type { recipients } from "../db/schema.ts";

export type RecipientRow = typeof recipients.$inferSelect;

/**
 * A recipient's name and note are what the owner wrote about someone they love ("my sister; the
 * spare key is with her"): sealed like a message (docs/decisions/010). The addresses stay plain:
 * the engine sends to them. Each write seals with a fresh data key.
 */
export function sealRecipientFields(masterKeys: MasterKeys, id: string, fields: { name: string; note: string | null }) {
  const { cipher, keyId, wrappedKey } = newRecordCipher(masterKeys, "recipient", id);
  return {
    keyId,
    wrappedKey,
    name: cipher.seal("name", fields.name),
    note: fields.note === null ? null : cipher.seal("note", fields.note),
  };
}

interface SealedFields {
  id: string;
  keyId: string | null;
  wrappedKey: string | null;
  name: string;
  note: string | null;
}

/** The row with its name and note opened; a row an older version wrote in plaintext is returned as it is. */
export function openRecipient<T extends SealedFields>(masterKeys: MasterKeys, row: T): T {
  if (!row.keyId || !row.wrappedKey) return row;
  const cipher = recordCipherOf(masterKeys, "recipient", { id: row.id, keyId: row.keyId, wrappedKey: row.wrappedKey });
  return {
    ...row,
    name: cipher.open("name", row.name),
    note: row.note === null ? null : cipher.open("note", row.note),
  };
}

/** Just the opened name (lists of releases and diagnostics name recipients). */
export const recipientName = (masterKeys: MasterKeys, row: Omit<SealedFields, "note">): string =>
  openRecipient(masterKeys, { ...row, note: null }).name;
