import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { writeFileDurably } from "../../runtime/durable-file.ts";

/** One entry of `${DATA_DIR}/keys/signing-keys.json`. Only `retiredAt === null` signs. */
export interface StoredKey {
  kid: string;
  privateKeyPem: string;
  createdAt: string;
  retiredAt: string | null;
}

export interface KeyFile {
  keys: StoredKey[];
}

export function keyFilePath(dataDir: string): string {
  return path.join(dataDir, "keys", "signing-keys.json");
}

export function readKeyFile(file: string): KeyFile | null {
  if (!fs.existsSync(file)) return null;
  const parsed = JSON.parse(fs.readFileSync(file, "utf8")) as KeyFile;
  if (!Array.isArray(parsed.keys) || parsed.keys.filter((k) => k.retiredAt === null).length !== 1) {
    throw new Error(`${file} is damaged: it must list exactly one current signing key`);
  }
  return parsed;
}

/**
 * Writes the key file readable by the owner only, whole and synced before anyone uses the key
 * (runtime/durable-file.ts). With `exclusive`, an existing file wins (two processes starting at
 * once on the same DATA_DIR end up with one key).
 */
export function writeKeyFile(file: string, content: KeyFile, opts: { exclusive: boolean }): void {
  writeFileDurably(file, JSON.stringify(content, null, 2), opts);
}

/** A fresh ES256 (P-256) key, as the stored entry. */
export function generateStoredKey(now: Date): StoredKey {
  const { privateKey } = crypto.generateKeyPairSync("ec", { namedCurve: "P-256" });
  const privateKeyPem = privateKey.export({ format: "pem", type: "pkcs8" }).toString();
  return { kid: thumbprintOf(privateKey), privateKeyPem, createdAt: now.toISOString(), retiredAt: null };
}

/** RFC 7638 thumbprint of the public key: a stable `kid`, the same in every process holding the key. */
export function thumbprintOf(privateKey: crypto.KeyObject): string {
  const jwk = crypto.createPublicKey(privateKey).export({ format: "jwk" });
  const canonical = JSON.stringify({ crv: jwk.crv, kty: jwk.kty, x: jwk.x, y: jwk.y });
  return crypto.createHash("sha256").update(canonical).digest("base64url");
}
