import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from "node:crypto";

/**
 * A software passkey authenticator, as a browser's platform authenticator would answer: P-256
 * keys, attestation "none", discoverable credentials with a user handle, and a signature counter.
 * Each answer can be bent (origin, RP id, challenge, counter, user verification) to play a
 * phishing page, another site, a replay or a cloned key.
 */
export interface Bend {
  origin?: string;
  rpId?: string;
  challenge?: string;
  /** The counter to report (default: the last one plus one). */
  counter?: number;
  /** Whether the PIN or biometric check happened (default true). */
  userVerified?: boolean;
}

interface Credential {
  id: Buffer;
  privateKey: KeyObject;
  x: Buffer;
  y: Buffer;
  userHandle: string;
  counter: number;
}

type CreationOptions = { challenge: string; rp: { id?: string }; user: { id: string } };
type RequestOptions = { challenge: string; rpId?: string; allowCredentials?: { id: string }[] };

export class SoftAuthenticator {
  readonly credentials: Credential[] = [];
  constructor(private readonly origin: string) {}

  /** navigator.credentials.create() → PublicKeyCredential.toJSON(). */
  create(options: CreationOptions, bend: Bend = {}) {
    const { privateKey, publicKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
    const jwk = publicKey.export({ format: "jwk" });
    const credential: Credential = {
      id: randomBytes(16),
      privateKey,
      x: Buffer.from(jwk.x!, "base64url"),
      y: Buffer.from(jwk.y!, "base64url"),
      userHandle: options.user.id,
      counter: bend.counter ?? 0,
    };
    const rpId = bend.rpId ?? options.rp.id!;
    const cose = cbor(
      new Map<number, number | Buffer>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, credential.x],
        [-3, credential.y],
      ]),
    );
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(credential.id.length);
    const authData = Buffer.concat([
      authHeader(rpId, flags(bend.userVerified ?? true) | 0x40, credential.counter),
      Buffer.alloc(16),
      idLength,
      credential.id,
      cose,
    ]);
    const attestationObject = cbor(
      new Map<string, unknown>([
        ["fmt", "none"],
        ["attStmt", new Map<string, never>()],
        ["authData", authData],
      ]),
    );
    this.credentials.push(credential);
    const id = credential.id.toString("base64url");
    return {
      id,
      rawId: id,
      type: "public-key" as const,
      response: {
        clientDataJSON: this.clientData("webauthn.create", options.challenge, bend),
        attestationObject: attestationObject.toString("base64url"),
        transports: ["internal"],
      },
      clientExtensionResults: {},
      authenticatorAttachment: "platform" as const,
    };
  }

  /** navigator.credentials.get() → PublicKeyCredential.toJSON(), with the first allowed (or newest) passkey. */
  get(options: RequestOptions, bend: Bend = {}, credential = this.pick(options)) {
    credential.counter = bend.counter ?? credential.counter + 1;
    const authData = authHeader(bend.rpId ?? options.rpId!, flags(bend.userVerified ?? true), credential.counter);
    const clientDataJSON = this.clientData("webauthn.get", options.challenge, bend);
    const signed = Buffer.concat([
      authData,
      createHash("sha256").update(Buffer.from(clientDataJSON, "base64url")).digest(),
    ]);
    const id = credential.id.toString("base64url");
    return {
      id,
      rawId: id,
      type: "public-key" as const,
      response: {
        clientDataJSON,
        authenticatorData: authData.toString("base64url"),
        signature: sign("sha256", signed, credential.privateKey).toString("base64url"),
        userHandle: credential.userHandle,
      },
      clientExtensionResults: {},
      authenticatorAttachment: "platform" as const,
    };
  }

  private pick(options: RequestOptions): Credential {
    const allowed = options.allowCredentials?.map((c) => c.id) ?? [];
    const found =
      allowed.length > 0
        ? this.credentials.find((c) => allowed.includes(c.id.toString("base64url")))
        : this.credentials.at(-1);
    if (!found) throw new Error("no passkey for these options");
    return found;
  }

  private clientData(type: string, challenge: string, bend: Bend): string {
    const json = JSON.stringify({
      type,
      challenge: bend.challenge ?? challenge,
      origin: bend.origin ?? this.origin,
      crossOrigin: false,
    });
    return Buffer.from(json).toString("base64url");
  }
}

/** User present, and user verified when asked. */
const flags = (userVerified: boolean) => 0x01 | (userVerified ? 0x04 : 0);

function authHeader(rpId: string, flagByte: number, counter: number): Buffer {
  const count = Buffer.alloc(4);
  count.writeUInt32BE(counter);
  return Buffer.concat([createHash("sha256").update(rpId).digest(), Buffer.from([flagByte]), count]);
}

/** Just enough CBOR (RFC 8949) for COSE keys and attestation objects: integers, bytes, text, maps. */
function cbor(value: unknown): Buffer {
  const head = (major: number, n: number) => {
    if (n < 24) return Buffer.from([(major << 5) | n]);
    if (n < 256) return Buffer.from([(major << 5) | 24, n]);
    const b = Buffer.alloc(3);
    b[0] = (major << 5) | 25;
    b.writeUInt16BE(n, 1);
    return b;
  };
  if (typeof value === "number") return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (Buffer.isBuffer(value)) return Buffer.concat([head(2, value.length), value]);
  if (typeof value === "string") {
    const text = Buffer.from(value, "utf8");
    return Buffer.concat([head(3, text.length), text]);
  }
  if (value instanceof Map) {
    const parts: Buffer[] = [head(5, value.size)];
    for (const [k, v] of value) parts.push(cbor(k), cbor(v));
    return Buffer.concat(parts);
  }
  throw new Error(`cannot encode ${typeof value}`);
}
