import crypto from "node:crypto";
import fs from "node:fs";
import { writeFileDurably } from "../runtime/durable-file.ts";
import path from "node:path";
import { ConfigError, type Config } from "../config.ts";
import { open, seal } from "./envelope.ts";

/** The keys that wrap every message's data key. */
export interface MasterKeys {
  /** Id of the key new data keys are wrapped with. */
  readonly currentKid: string;
  wrap(dataKey: Buffer, aad: string): { keyId: string; wrapped: string };
  /** Throws when the key id is unknown (a key removed too early) or the wrapped key was tampered with. */
  unwrap(keyId: string, wrapped: string, aad: string): Buffer;
  /** A one-way check value of a key (HMAC of a fixed label), or undefined when this process lacks it. */
  fingerprint(keyId: string): string | undefined;
}

const KID = /^[A-Za-z0-9_-]{1,64}$/;
const FILE = /^master-([A-Za-z0-9_-]{1,64})\.key$/;

/**
 * Master keys come from MASTER_KEY (the first entry encrypts) or from `${DATA_DIR}/keys/master-<kid>.key`
 * files (base64, mode 0600), the first one generated on start as `master-k1.key`. Among files the
 * greatest kid in natural order encrypts, so a rotation is adding `master-k2.key` (every process
 * sharing the folder picks it up on its next unknown kid or restart). Keys are never deleted by us:
 * removing one makes the messages it wraps unreadable.
 */
export function createMasterKeys({ config }: { config: Pick<Config, "MASTER_KEY" | "DATA_DIR"> }): MasterKeys {
  const source = config.MASTER_KEY
    ? fromEnvironment(config.MASTER_KEY)
    : fromFolder(path.join(config.DATA_DIR, "keys"));
  return {
    get currentKid() {
      return source.current();
    },
    wrap(dataKey, aad) {
      const keyId = source.current();
      return { keyId, wrapped: seal(source.find(keyId)!, dataKey, `data-key:${aad}`).toString("base64") };
    },
    unwrap(keyId, wrapped, aad) {
      const key = source.find(keyId);
      if (!key)
        throw new Error(`master key ${keyId} is not available: it was removed from MASTER_KEY or DATA_DIR/keys`);
      return open(key, Buffer.from(wrapped, "base64"), `data-key:${aad}`);
    },
    fingerprint(keyId) {
      const key = source.find(keyId);
      return key && crypto.createHmac("sha256", key).update("trigger-switch master key check v1").digest("hex");
    },
  };
}

interface KeySource {
  current(): string;
  find(kid: string): Buffer | undefined;
}

function decodeKey(base64: string, where: string): Buffer {
  const key = Buffer.from(base64.trim(), "base64");
  if (key.length !== 32) throw new ConfigError(`${where} must be base64 of exactly 32 bytes (openssl rand -base64 32)`);
  return key;
}

function fromEnvironment(value: string): KeySource {
  const keys = new Map<string, Buffer>();
  let first = "";
  for (const entry of value
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean)) {
    const [kidPart, keyPart] = entry.includes(":") ? entry.split(":", 2) : [null, entry];
    const key = decodeKey(keyPart!, "MASTER_KEY");
    // Without an explicit kid, one derived from the key itself stays the same in every process.
    const kid = kidPart ?? `h${crypto.createHash("sha256").update(key).digest("hex").slice(0, 12)}`;
    if (!KID.test(kid)) throw new ConfigError(`MASTER_KEY: key id "${kid}" may use letters, digits, - and _ only`);
    if (keys.has(kid)) throw new ConfigError(`MASTER_KEY lists key id "${kid}" twice`);
    keys.set(kid, key);
    first ||= kid;
  }
  return { current: () => first, find: (kid) => keys.get(kid) };
}

function fromFolder(dir: string): KeySource {
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  const keys = new Map<string, Buffer>();
  let current = "";
  const load = () => {
    for (const name of fs.readdirSync(dir)) {
      const kid = FILE.exec(name)?.[1];
      if (!kid || keys.has(kid)) continue;
      const file = path.join(dir, name);
      if ((fs.statSync(file).mode & 0o077) !== 0) fs.chmodSync(file, 0o600);
      keys.set(kid, decodeKey(fs.readFileSync(file, "utf8"), file));
    }
    current = [...keys.keys()].sort((a, b) => a.localeCompare(b, "en", { numeric: true })).at(-1) ?? "";
  };
  load();
  if (!current) {
    // Exclusive create: two processes starting at once on one DATA_DIR end up with the same key.
    // Synced before first use: a key lost to a power cut after it sealed a message loses the message.
    writeFileDurably(path.join(dir, "master-k1.key"), crypto.randomBytes(32).toString("base64"), { exclusive: true });
    load();
  }
  return {
    current: () => current,
    find(kid) {
      if (!keys.has(kid) && KID.test(kid)) load(); // another process may have rotated
      return keys.get(kid);
    },
  };
}
