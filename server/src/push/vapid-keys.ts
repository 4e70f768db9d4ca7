import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { z } from "zod";
import { ConfigError, type Config } from "../config.ts";
import { writeFileDurably } from "../runtime/durable-file.ts";

/** The key pair that signs our pushes (RFC 8292) and the contact push services see, base64url as browsers take it. */
export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  subject: string;
}

const storedSchema = z.object({ publicKey: z.string(), privateKey: z.string(), createdAt: z.string() });

export const vapidKeyFile = (dataDir: string) => path.join(dataDir, "keys", "vapid.json");

/**
 * VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY, else `DATA_DIR/keys/vapid.json`, generated on first start like
 * the other keys (exclusive create: processes starting together on one DATA_DIR agree on one pair).
 * Null when WEB_PUSH is false. Browsers subscribe with the public key, so changing the pair makes
 * every existing subscription useless: the file is never rotated by us.
 */
export function loadVapidKeys(
  config: Pick<
    Config,
    "WEB_PUSH" | "VAPID_PUBLIC_KEY" | "VAPID_PRIVATE_KEY" | "VAPID_SUBJECT" | "MAIL_FROM" | "DATA_DIR"
  >,
  now: Date = new Date(),
): VapidKeys | null {
  if (!config.WEB_PUSH) return null;
  const subject = config.VAPID_SUBJECT ?? `mailto:${addressOf(config.MAIL_FROM)}`;
  if (config.VAPID_PUBLIC_KEY && config.VAPID_PRIVATE_KEY) {
    if (publicKeyOf(config.VAPID_PRIVATE_KEY) !== config.VAPID_PUBLIC_KEY)
      throw new ConfigError("Invalid configuration:\n  VAPID_PUBLIC_KEY: is not the public half of VAPID_PRIVATE_KEY");
    return { publicKey: config.VAPID_PUBLIC_KEY, privateKey: config.VAPID_PRIVATE_KEY, subject };
  }
  const file = vapidKeyFile(config.DATA_DIR);
  if (!fs.existsSync(file)) {
    const fresh = { ...newVapidPair(), createdAt: now.toISOString() };
    writeFileDurably(file, JSON.stringify(fresh, null, 2), { exclusive: true });
  }
  if ((fs.statSync(file).mode & 0o077) !== 0) fs.chmodSync(file, 0o600);
  const stored = storedSchema.safeParse(parseJson(fs.readFileSync(file, "utf8")));
  if (!stored.success || publicKeyOf(stored.data.privateKey) !== stored.data.publicKey)
    throw new ConfigError(`${file} is damaged: it must hold a matching VAPID publicKey and privateKey`);
  return { publicKey: stored.data.publicKey, privateKey: stored.data.privateKey, subject };
}

/** A fresh P-256 pair as base64url: the public point uncompressed (65 bytes), the private key at its full 32 bytes. */
export function newVapidPair(): { publicKey: string; privateKey: string } {
  const ecdh = crypto.createECDH("prime256v1");
  ecdh.generateKeys();
  return {
    publicKey: ecdh.getPublicKey().toString("base64url"),
    // getPrivateKey drops leading zero bytes (one key in 256), which browsers and web-push refuse.
    privateKey: Buffer.from(ecdh.getPrivateKey().toString("hex").padStart(64, "0"), "hex").toString("base64url"),
  };
}

/** The uncompressed public point of a raw P-256 private key; throws on a key that is not one. */
function publicKeyOf(privateKey: string): string {
  const raw = Buffer.from(privateKey, "base64url");
  if (raw.length !== 32) throw new ConfigError("Invalid configuration:\n  VAPID_PRIVATE_KEY: must be 32 bytes");
  const ecdh = crypto.createECDH("prime256v1");
  ecdh.setPrivateKey(raw);
  return ecdh.getPublicKey().toString("base64url");
}

const parseJson = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
};

/** "Trigger Switch <no-reply@example.com>" → "no-reply@example.com". */
const addressOf = (from: string) => /<([^>]+)>/.exec(from)?.[1]?.trim() ?? from.trim();
