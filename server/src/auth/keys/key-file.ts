import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";

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
 * Writes the key file readable by the owner only (0600, folder 0700). Written to a temporary
 * file and renamed, so a process reading it never sees half a file. With `exclusive`, an
 * existing file wins (two processes starting at once on the same DATA_DIR end up with one key).
 */
export function writeKeyFile(file: string, content: KeyFile, opts: { exclusive: boolean }): void {
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const tmp = `${file}.${process.pid}.${crypto.randomBytes(4).toString("hex")}.tmp`;
  fs.writeFileSync(tmp, JSON.stringify(content, null, 2), { mode: 0o600 });
  try {
    if (opts.exclusive) fs.linkSync(tmp, file);
    else fs.renameSync(tmp, file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
  } finally {
    fs.rmSync(tmp, { force: true });
  }
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
