import { generateKeyPairSync, randomBytes } from "node:crypto";

/**
 * The keys every process of one drill shares (README "Running on PostgreSQL"): the same ES256
 * signing key, so a token from the web process is accepted everywhere, and the same master key,
 * so a worker can open what another process sealed.
 */
export function sharedKeys(): { JWT_PRIVATE_KEY: string; MASTER_KEY: string } {
  const { privateKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
  return {
    JWT_PRIVATE_KEY: privateKey.export({ type: "pkcs8", format: "pem" }).toString(),
    MASTER_KEY: `k1:${randomBytes(32).toString("base64")}`,
  };
}
