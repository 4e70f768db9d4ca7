import { randomBytes } from "./random-bytes.ts";
import { openText, sealToText } from "./envelope.ts";
import type { MasterKeys } from "./master-keys.ts";

/**
 * What else is sealed like a message (docs/decisions/010): the local outbox's mails, recipients'
 * names and notes, trusted contacts' names and the reasons they give when asking for access
 * (docs/decisions/041).
 */
export type SealedKind = "mail" | "recipient" | "contact" | "access-request";

/** Seals and opens the text fields of one record. */
export interface RecordCipher {
  seal(field: string, value: string): string;
  open(field: string, stored: string): string;
}

/**
 * The messages' envelope (docs/decisions/003) for other records: a fresh 32-byte data key per
 * record, wrapped by the current master key (AAD `data-key:<kind>:<id>`), each field AES-256-GCM
 * with AAD `<kind>:<id>:<field>`, so a value copied to another record or field does not open.
 */
function cipherFor(dataKey: Buffer, kind: SealedKind, id: string): RecordCipher {
  const aad = (field: string) => `${kind}:${id}:${field}`;
  return {
    seal: (field, value) => sealToText(dataKey, value, aad(field)),
    open: (field, stored) => openText(dataKey, stored, aad(field)),
  };
}

/** A new record's cipher and the wrapped key to store beside it (`key_id`, `wrapped_key`). */
export function newRecordCipher(
  masterKeys: MasterKeys,
  kind: SealedKind,
  id: string,
): { cipher: RecordCipher; keyId: string; wrappedKey: string } {
  const dataKey = randomBytes(32);
  const { keyId, wrapped } = masterKeys.wrap(dataKey, `${kind}:${id}`);
  return { cipher: cipherFor(dataKey, kind, id), keyId, wrappedKey: wrapped };
}

/** The cipher of a stored record (one unwrap). */
export function recordCipherOf(
  masterKeys: MasterKeys,
  kind: SealedKind,
  row: { id: string; keyId: string; wrappedKey: string },
): RecordCipher {
  return cipherFor(masterKeys.unwrap(row.keyId, row.wrappedKey, `${kind}:${row.id}`), kind, row.id);
}
