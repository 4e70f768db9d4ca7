import crypto from "node:crypto";
import { randomBytes } from "./random-bytes.ts";

const IV_BYTES = 12;
const TAG_BYTES = 16;

/**
 * AES-256-GCM with a fresh random 12-byte IV per call; the output is iv | ciphertext | tag.
 * `aad` binds the ciphertext to where it belongs (message id and field): moved to another row
 * or field, it no longer opens.
 */
export function seal(key: Buffer, plaintext: Buffer, aad: string): Buffer {
  const iv = randomBytes(IV_BYTES);
  const cipher = crypto.createCipheriv("aes-256-gcm", key, iv);
  cipher.setAAD(Buffer.from(aad, "utf8"));
  const body = Buffer.concat([cipher.update(plaintext), cipher.final()]);
  return Buffer.concat([iv, body, cipher.getAuthTag()]);
}

/** Reverses `seal`; throws when the bytes, the key or the aad do not match. */
export function open(key: Buffer, sealed: Buffer, aad: string): Buffer {
  if (sealed.length < IV_BYTES + TAG_BYTES) throw new Error("ciphertext too short");
  const decipher = crypto.createDecipheriv("aes-256-gcm", key, sealed.subarray(0, IV_BYTES));
  decipher.setAAD(Buffer.from(aad, "utf8"));
  decipher.setAuthTag(sealed.subarray(sealed.length - TAG_BYTES));
  return Buffer.concat([decipher.update(sealed.subarray(IV_BYTES, sealed.length - TAG_BYTES)), decipher.final()]);
}

/** Text columns hold "v1." + base64 of the sealed bytes; the prefix leaves room for a new format. */
export const sealToText = (key: Buffer, plaintext: string, aad: string) =>
  `v1.${seal(key, Buffer.from(plaintext, "utf8"), aad).toString("base64")}`;

export function openText(key: Buffer, stored: string, aad: string): string {
  if (!stored.startsWith("v1.")) throw new Error("unknown ciphertext format");
  return open(key, Buffer.from(stored.slice(3), "base64"), aad).toString("utf8");
}
