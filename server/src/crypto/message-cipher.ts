import { randomBytes } from "./random-bytes.ts";
import { open, openText, seal, sealToText } from "./envelope.ts";
import type { MasterKeys } from "./master-keys.ts";

/** Encrypts and decrypts the parts of one message with its own data key, bound to its id. */
export interface MessageCipher {
  sealText(field: string, value: string): string;
  openText(field: string, stored: string): string;
  sealBytes(label: string, bytes: Buffer): Buffer;
  openBytes(label: string, sealed: Buffer): Buffer;
}

function cipherFor(dataKey: Buffer, messageId: string): MessageCipher {
  const aad = (field: string) => `message:${messageId}:${field}`;
  return {
    sealText: (field, value) => sealToText(dataKey, value, aad(field)),
    openText: (field, stored) => openText(dataKey, stored, aad(field)),
    sealBytes: (label, bytes) => seal(dataKey, bytes, aad(label)),
    openBytes: (label, sealed) => open(dataKey, sealed, aad(label)),
  };
}

/** A fresh random data key for a new message, wrapped by the current master key. */
export function newMessageCipher(
  masterKeys: MasterKeys,
  messageId: string,
): { cipher: MessageCipher; keyId: string; wrappedKey: string } {
  const dataKey = randomBytes(32);
  const { keyId, wrapped } = masterKeys.wrap(dataKey, messageId);
  return { cipher: cipherFor(dataKey, messageId), keyId, wrappedKey: wrapped };
}

/** The cipher of a stored message (one unwrap). */
export function messageCipherOf(
  masterKeys: MasterKeys,
  row: { id: string; keyId: string; wrappedKey: string },
): MessageCipher {
  return cipherFor(masterKeys.unwrap(row.keyId, row.wrappedKey, row.id), row.id);
}
