import QRCode from "qrcode";
import { Secret, TOTP } from "otpauth";
import type { MasterKeys } from "../../crypto/master-keys.ts";

/** RFC 6238 as every authenticator app reads it: SHA-1, 6 digits, 30-second steps. */
const PERIOD_S = 30;
const DIGITS = 6;

export interface TotpEnrolment {
  secret: string;
  uri: string;
  /** An SVG image of the QR code; auth-js turns it into a `data:image/svg+xml` URI. */
  qrSvg: string;
  secretKeyId: string;
  secretWrapped: string;
}

const aadOf = (factorId: string) => `mfa-factor:${factorId}`;

/** A new secret for `factorId`, its otpauth:// URI and QR code, and the secret wrapped for storage. */
export async function newTotp(opts: {
  masterKeys: MasterKeys;
  factorId: string;
  issuer: string;
  account: string;
}): Promise<TotpEnrolment> {
  const secret = new Secret({ size: 20 });
  const totp = new TOTP({
    issuer: opts.issuer,
    label: opts.account,
    secret,
    algorithm: "SHA1",
    digits: DIGITS,
    period: PERIOD_S,
  });
  const uri = totp.toString();
  const svg = await QRCode.toString(uri, { type: "svg", margin: 2, errorCorrectionLevel: "M" });
  // auth-js prepends "data:image/svg+xml;utf-8," without encoding: a "#" would end the URI there.
  const qrSvg = svg.replaceAll('"#ffffff"', '"white"').replaceAll('"#000000"', '"black"');
  const { keyId, wrapped } = opts.masterKeys.wrap(Buffer.from(secret.bytes), aadOf(opts.factorId));
  return { secret: secret.base32, uri, qrSvg, secretKeyId: keyId, secretWrapped: wrapped };
}

/** What a code is for a factor at a moment. */
export type TotpMatch =
  /** Right for now, the step before or the step after (±30 s of clock drift): `step` is the time step it belongs to. */
  | { kind: "right"; step: number }
  /** Right for one of those steps, but that step or a later one was already used: each code works once. */
  | { kind: "used" }
  | { kind: "wrong" };

/**
 * Whether `code` is the factor's code for now, the step before or the step after. A step at or
 * before `lastUsedStep` is refused as "used": each code works once, and never after a newer one
 * was used. That is told apart from a wrong code so the person is told the truth (wait for the
 * next code) rather than to check the phone's clock.
 */
export function matchTotp(opts: {
  masterKeys: MasterKeys;
  factor: { id: string; secretKeyId: string | null; secretWrapped: string | null; lastUsedStep: number | null };
  code: string;
  now: Date;
}): TotpMatch {
  const { factor } = opts;
  if (!factor.secretKeyId || !factor.secretWrapped) return { kind: "wrong" };
  const bytes = opts.masterKeys.unwrap(factor.secretKeyId, factor.secretWrapped, aadOf(factor.id));
  const totp = new TOTP({
    secret: new Secret({ buffer: new Uint8Array(bytes).buffer }),
    algorithm: "SHA1",
    digits: DIGITS,
    period: PERIOD_S,
  });
  const timestamp = opts.now.getTime();
  const delta = totp.validate({ token: opts.code, timestamp, window: 1 });
  if (delta === null) return { kind: "wrong" };
  const step = Math.floor(timestamp / 1000 / PERIOD_S) + delta;
  if (factor.lastUsedStep !== null && step <= factor.lastUsedStep) return { kind: "used" };
  return { kind: "right", step };
}

/** The code an authenticator shows at `at` for a base32 secret (tests and the browser journey read the secret from the page). */
export function totpCode(secretBase32: string, at: Date): string {
  return new TOTP({
    secret: Secret.fromBase32(secretBase32),
    algorithm: "SHA1",
    digits: DIGITS,
    period: PERIOD_S,
  }).generate({ timestamp: at.getTime() });
}
