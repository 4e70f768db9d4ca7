import crypto from "node:crypto";
import fs from "node:fs";
import type { Clock } from "../../clock.ts";
import type { Config } from "../../config.ts";
import { generateStoredKey, keyFilePath, readKeyFile, thumbprintOf, writeKeyFile, type StoredKey } from "./key-file.ts";

export interface SigningKey {
  kid: string;
  privateKey: crypto.KeyObject;
  publicKey: crypto.KeyObject;
  /** When it stopped signing; it still verifies until tokens it signed have expired. */
  retiredAt: Date | null;
}

export interface PublicJwk {
  kty: string;
  crv: string;
  x: string;
  y: string;
  kid: string;
  alg: "ES256";
  use: "sig";
  key_ops: ["verify"];
}

/** The keys that sign and verify access tokens. */
export interface KeyStore {
  /** The current key; every new token is signed with it. */
  current(): SigningKey;
  /** A key that may verify a token with this `kid`: current, or retired but still within token lifetime. */
  find(kid: string): SigningKey | undefined;
  /** Public halves of every key `find` accepts, for /.well-known/jwks.json. */
  jwks(): PublicJwk[];
}

/**
 * Keys come from JWT_PRIVATE_KEY (one or more PEM blocks: the first signs, the others only
 * verify, which is how a rotation is done in that mode) or else from a key file in
 * `${DATA_DIR}/keys/`, generated on first start. The file is re-read whenever it changes, so
 * `rotateSigningKey` (or another process sharing the folder) takes effect without a restart.
 */
export function createKeyStore({ config, clock }: { config: Config; clock: Clock }): KeyStore {
  const source = config.JWT_PRIVATE_KEY ? fromEnvironment(config.JWT_PRIVATE_KEY) : fromFile(config.DATA_DIR, clock);

  // Retired keys keep verifying for one token lifetime (plus a minute of slack) after retirement.
  const stillValid = (k: SigningKey) =>
    k.retiredAt === null || k.retiredAt.getTime() + (config.JWT_EXPIRY + 60) * 1000 > clock.now().getTime();

  return {
    current: () => source.keys().find((k) => k.retiredAt === null)!,
    find: (kid) => source.keys().find((k) => k.kid === kid && stillValid(k)),
    jwks: () => source.keys().filter(stillValid).map(toPublicJwk),
  };
}

function fromEnvironment(pem: string): { keys(): SigningKey[] } {
  const blocks =
    pem.replace(/\\n/g, "\n").match(/-----BEGIN [A-Z ]*PRIVATE KEY-----[\s\S]+?-----END [A-Z ]*PRIVATE KEY-----/g) ??
    [];
  if (blocks.length === 0) throw new Error("JWT_PRIVATE_KEY holds no PEM private key");
  // The first signs; the ones after it are previous keys that only verify. Their retirement
  // time is unknown here, so they verify for as long as the operator keeps them listed.
  const listedOnly = new Date(8.64e15);
  const keys = blocks.map((block, i) => toSigningKey(block, i === 0 ? null : listedOnly));
  return { keys: () => keys };
}

function fromFile(dataDir: string, clock: Clock): { keys(): SigningKey[] } {
  const file = keyFilePath(dataDir);
  if (!fs.existsSync(file)) writeKeyFile(file, { keys: [generateStoredKey(clock.now())] }, { exclusive: true });
  let stamp = "";
  let keys: SigningKey[] = [];
  const load = () => {
    const stat = fs.statSync(file);
    const next = `${stat.mtimeMs}:${stat.size}:${stat.ino}`;
    if (next === stamp) return;
    // Tighten a key file that was copied in with loose permissions.
    if ((stat.mode & 0o077) !== 0) fs.chmodSync(file, 0o600);
    keys = readKeyFile(file)!.keys.map((k: StoredKey) =>
      toSigningKey(k.privateKeyPem, k.retiredAt ? new Date(k.retiredAt) : null, k.kid),
    );
    stamp = next;
  };
  load();
  return {
    keys() {
      // One stat per call: cheap, and keeps processes sharing DATA_DIR in step after a rotation.
      load();
      return keys;
    },
  };
}

function toSigningKey(pem: string, retiredAt: Date | null, kid?: string): SigningKey {
  const privateKey = crypto.createPrivateKey(pem);
  if (privateKey.asymmetricKeyType !== "ec" || privateKey.asymmetricKeyDetails?.namedCurve !== "prime256v1") {
    throw new Error("The JWT signing key must be an EC P-256 (ES256) private key");
  }
  return { kid: kid ?? thumbprintOf(privateKey), privateKey, publicKey: crypto.createPublicKey(privateKey), retiredAt };
}

function toPublicJwk(k: SigningKey): PublicJwk {
  const jwk = k.publicKey.export({ format: "jwk" });
  return {
    kty: jwk.kty!,
    crv: jwk.crv!,
    x: jwk.x!,
    y: jwk.y!,
    kid: k.kid,
    alg: "ES256",
    use: "sig",
    key_ops: ["verify"],
  };
}
