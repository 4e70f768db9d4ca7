import crypto from "node:crypto";
import { randomBytes } from "../crypto/random-bytes.ts";

/**
 * A link token: 256 random bits, base64url. Only its SHA-256 is ever stored, so a database copy
 * cannot be turned into working links.
 */
export function newSecretToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString("base64url");
  return { token, hash: hashSecretToken(token) };
}

export const hashSecretToken = (token: string) => crypto.createHash("sha256").update(token, "utf8").digest("hex");
