import { createHash, randomInt, timingSafeEqual } from "node:crypto";

/** Six random digits, leading zeros kept. */
export const newCode = () => String(randomInt(0, 1_000_000)).padStart(6, "0");

/** Bound to the code's row, so a hash copied to another row does not match. */
export const hashCode = (codeId: string, code: string) =>
  createHash("sha256").update(`number-code:${codeId}:${code}`).digest("hex");

export function codeMatches(codeId: string, code: string, storedHash: string): boolean {
  const a = Buffer.from(hashCode(codeId, code), "hex");
  const b = Buffer.from(storedHash, "hex");
  return a.length === b.length && timingSafeEqual(a, b);
}
