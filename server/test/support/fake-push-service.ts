import crypto from "node:crypto";
import https from "node:https";
import type { AddressInfo } from "node:net";

/**
 * A local Web Push service speaking the real wire format, checked as a push service checks it:
 * POST /push/<id> with `Authorization: vapid t=<JWT>, k=<key>` (RFC 8292: an ES256 JWT whose
 * signature verifies with k, k the key the subscription was made with, aud this origin, exp within
 * 24 hours, sub a contact), `Content-Encoding: aes128gcm` and a TTL; the body is decrypted here
 * with the subscription's private key and auth secret (RFC 8291, RFC 8188) by node:crypto, not by
 * the library that encrypted it. It answers 201 unless told otherwise for an endpoint.
 *
 * It listens on https, as push services do (subscriptions are https only): `agent` trusts its
 * certificate, a throwaway self-signed one for 127.0.0.1 kept below; nothing else trusts it.
 */
const CERT = `-----BEGIN CERTIFICATE-----
MIIBqjCCAVGgAwIBAgIUfqLADWhEWEKciWTP1M15Ftmn1bAwCgYIKoZIzj0EAwIw
HDEaMBgGA1UEAwwRZmFrZSBwdXNoIHNlcnZpY2UwIBcNMjYxMTI5MTExMzI0WhgP
MjEyNjExMDUxMTEzMjRaMBwxGjAYBgNVBAMMEWZha2UgcHVzaCBzZXJ2aWNlMFkw
EwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAEdD5GQF245FTme5aWCa1X+XZfhy3P6ObN
q9kSK/VBRRcB+gfaQ2twEUrRa6TIOp6MWzduQcTh+IcBwz4V+e+VAqNvMG0wHQYD
VR0OBBYEFOZhqDBPAUrGrffsNwQc7T42ify8MB8GA1UdIwQYMBaAFOZhqDBPAUrG
rffsNwQc7T42ify8MA8GA1UdEwEB/wQFMAMBAf8wGgYDVR0RBBMwEYcEfwAAAYIJ
bG9jYWxob3N0MAoGCCqGSM49BAMCA0cAMEQCIGN29xfAwFS20s3kaLIKSvdBQTd0
KTtmB3rfJKcEgAUiAiAizzPViJbjEzFUS5Nelg1iWsu6jyu/U4gHumvN+qXTrQ==
-----END CERTIFICATE-----`;
const KEY = `-----BEGIN PRIVATE KEY-----
MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQgI4xn5LGha0ShmMEQ
ifAUAgqrBOjPotKZOnbcRbLFpT2hRANCAAR0PkZAXbjkVOZ7lpYJrVf5dl+HLc/o
5s2r2RIr9UFFFwH6B9pDa3ARStFrpMg6noxbN25BxOH4hwHDPhX575UC
-----END PRIVATE KEY-----`;

export interface FakeSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

export interface ReceivedPush {
  endpoint: string;
  /** The decrypted payload, parsed. */
  payload: unknown;
  ttl: number;
  urgency: string | null;
  /** performance.now() when it was decrypted. */
  at: number;
}

export interface FakePushService {
  origin: string;
  /** Trusts this service's certificate: give it to startTestApp's `pushAgent`. */
  agent: https.Agent;
  received: ReceivedPush[];
  /** Requests refused for a bad VAPID header or body, with why (a correct sender makes none). */
  refused: { endpoint: string; status: number; why: string }[];
  /** A new browser subscription: P-256 key pair and auth secret held here, as a browser holds them. */
  subscribe(): FakeSubscription;
  /** From now on answer this status (404, 410, 429, 500…) to pushes for the endpoint; null: accept again. */
  answer(endpoint: string, status: number | null): void;
  /** Resolves when `n` pushes have reached `endpoint` (or any endpoint when null). */
  waitFor(endpoint: string | null, n?: number, timeoutMs?: number): Promise<ReceivedPush[]>;
  to(endpoint: string): ReceivedPush[];
  close(): Promise<void>;
}

export async function startFakePushService({
  vapidPublicKey,
}: {
  vapidPublicKey: () => string | null;
}): Promise<FakePushService> {
  const devices = new Map<string, { ecdh: crypto.ECDH; auth: Buffer }>();
  const answers = new Map<string, number>();
  const received: ReceivedPush[] = [];
  const refused: FakePushService["refused"] = [];
  let waiters: (() => void)[] = [];
  let origin = "";

  const server = https.createServer({ cert: CERT, key: KEY }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const endpoint = `${origin}${req.url ?? ""}`;
      const refuse = (status: number, why: string) => {
        refused.push({ endpoint, status, why });
        res.writeHead(status, { "content-type": "text/plain" }).end(why);
      };
      const device = /^\/push\/[A-Za-z0-9_-]+$/.test(req.url ?? "") ? devices.get(endpoint) : undefined;
      if (req.method !== "POST" || !device) return refuse(404, "no such subscription");
      const why = checkVapid(req.headers.authorization, origin, vapidPublicKey());
      if (why) return refuse(why.status, why.message);
      const ttl = Number(req.headers.ttl);
      if (!Number.isInteger(ttl) || ttl < 0) return refuse(400, "TTL header missing");
      if (req.headers["content-encoding"] !== "aes128gcm") return refuse(415, "only aes128gcm");
      const told = answers.get(endpoint);
      if (told) return res.writeHead(told, told === 429 ? { "retry-after": "30" } : {}).end(`told to answer ${told}`);
      let payload: unknown;
      try {
        payload = JSON.parse(decrypt(Buffer.concat(chunks), device.ecdh, device.auth).toString("utf8"));
      } catch (err) {
        return refuse(400, `cannot decrypt: ${(err as Error).message}`);
      }
      received.push({
        endpoint,
        payload,
        ttl,
        urgency: (req.headers.urgency as string) ?? null,
        at: performance.now(),
      });
      res.writeHead(201, { location: `${origin}/message/${crypto.randomUUID()}` }).end();
      const ready = waiters;
      waiters = [];
      ready.forEach((w) => w());
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const agent = new https.Agent({ ca: CERT, keepAlive: true, maxSockets: 64 });

  const to = (endpoint: string | null) => received.filter((r) => endpoint === null || r.endpoint === endpoint);
  return {
    origin,
    agent,
    received,
    refused,
    subscribe() {
      const ecdh = crypto.createECDH("prime256v1");
      ecdh.generateKeys();
      const auth = crypto.randomBytes(16);
      const endpoint = `${origin}/push/${crypto.randomBytes(24).toString("base64url")}`;
      devices.set(endpoint, { ecdh, auth });
      return {
        endpoint,
        keys: { p256dh: ecdh.getPublicKey().toString("base64url"), auth: auth.toString("base64url") },
      };
    },
    answer(endpoint, status) {
      if (status === null) answers.delete(endpoint);
      else answers.set(endpoint, status);
    },
    to: (endpoint) => to(endpoint),
    waitFor(endpoint, n = 1, timeoutMs = 5000) {
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`${to(endpoint).length} of ${n} pushes arrived within ${timeoutMs} ms`)),
          timeoutMs,
        );
        const check = () => {
          if (to(endpoint).length >= n) {
            clearTimeout(timer);
            resolve(to(endpoint));
          } else waiters.push(check);
        };
        check();
      });
    },
    close() {
      agent.destroy();
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

/** RFC 8292 §2 and §3 as a push service applies them; the answer is why it refuses, or null. */
function checkVapid(
  header: string | undefined,
  origin: string,
  expectedKey: string | null,
): { status: number; message: string } | null {
  const m = /^vapid t=([A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+), k=([A-Za-z0-9_-]+)$/.exec(header ?? "");
  if (!m) return { status: 401, message: "Authorization must be vapid t=…, k=…" };
  const [h, c, s] = m[1]!.split(".") as [string, string, string];
  const key = Buffer.from(m[2]!, "base64url");
  if (key.length !== 65 || key[0] !== 4) return { status: 401, message: "k is not an uncompressed P-256 key" };
  if (expectedKey && m[2] !== expectedKey)
    return { status: 403, message: "k is not the key this subscription was made with" };
  const header_ = JSON.parse(Buffer.from(h, "base64url").toString()) as { alg?: string; typ?: string };
  if (header_.alg !== "ES256") return { status: 401, message: "the JWT must be ES256" };
  const publicKey = crypto.createPublicKey({
    key: {
      kty: "EC",
      crv: "P-256",
      x: key.subarray(1, 33).toString("base64url"),
      y: key.subarray(33).toString("base64url"),
    },
    format: "jwk",
  });
  const signed = crypto.verify(
    "sha256",
    Buffer.from(`${h}.${c}`),
    { key: publicKey, dsaEncoding: "ieee-p1363" },
    Buffer.from(s, "base64url"),
  );
  if (!signed) return { status: 401, message: "the JWT's signature does not verify with k" };
  const claims = JSON.parse(Buffer.from(c, "base64url").toString()) as { aud?: string; exp?: number; sub?: string };
  if (claims.aud !== origin) return { status: 401, message: `aud must be ${origin}` };
  const now = Date.now() / 1000;
  if (typeof claims.exp !== "number" || claims.exp <= now || claims.exp > now + 24 * 3600)
    return { status: 401, message: "exp must be in the next 24 hours" };
  if (!claims.sub || !/^(mailto:|https:)/.test(claims.sub))
    return { status: 401, message: "sub must be mailto: or https:" };
  return null;
}

/** RFC 8291 §3.4 key derivation and RFC 8188 aes128gcm, for a payload in one record. */
function decrypt(body: Buffer, ua: crypto.ECDH, authSecret: Buffer): Buffer {
  const salt = body.subarray(0, 16);
  const idlen = body[20]!;
  const asPublic = body.subarray(21, 21 + idlen);
  const ciphertext = body.subarray(21 + idlen);
  const hmac = (key: Buffer, data: Buffer) => crypto.createHmac("sha256", key).update(data).digest();
  const expand = (prk: Buffer, info: Buffer, length: number) =>
    hmac(prk, Buffer.concat([info, Buffer.from([1])])).subarray(0, length);
  const ecdhSecret = ua.computeSecret(asPublic);
  const keyInfo = Buffer.concat([Buffer.from("WebPush: info\0"), ua.getPublicKey(), asPublic]);
  const ikm = expand(hmac(authSecret, ecdhSecret), keyInfo, 32);
  const prk = hmac(salt, ikm);
  const cek = expand(prk, Buffer.from("Content-Encoding: aes128gcm\0"), 16);
  const nonce = expand(prk, Buffer.from("Content-Encoding: nonce\0"), 12);
  const decipher = crypto.createDecipheriv("aes-128-gcm", cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const padded = Buffer.concat([decipher.update(ciphertext.subarray(0, ciphertext.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 0x02 and then zero or more zero bytes of padding.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  if (padded[end] !== 2) throw new Error("no last-record delimiter");
  return padded.subarray(0, end);
}
