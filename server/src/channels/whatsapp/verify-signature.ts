import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * Meta signs each webhook with HMAC-SHA256 of the exact bytes it sent, keyed with the app secret,
 * in `X-Hub-Signature-256: sha256=<hex>`. Compared in constant time; anything malformed is false.
 */
export function isValidSignature(rawBody: Buffer, header: string | undefined, appSecret: string): boolean {
  const match = /^sha256=([0-9a-f]{64})$/i.exec(header ?? "");
  if (!match) return false;
  const expected = createHmac("sha256", appSecret).update(rawBody).digest();
  return timingSafeEqual(expected, Buffer.from(match[1]!, "hex"));
}

export function sign(rawBody: Buffer | string, appSecret: string): string {
  return `sha256=${createHmac("sha256", appSecret).update(rawBody).digest("hex")}`;
}
