import crypto from "node:crypto";

/**
 * A random secret for refresh tokens and e-mailed links: 256 bits, base64url. Only its
 * SHA-256 is stored, so a copy of the database cannot be replayed as tokens.
 */
export function createOpaqueToken(): { token: string; hash: string } {
  const token = crypto.randomBytes(32).toString("base64url");
  return { token, hash: hashToken(token) };
}

export function hashToken(token: string): string {
  return crypto.createHash("sha256").update(token).digest("hex");
}
