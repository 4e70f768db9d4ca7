import { randomBytes } from "node:crypto";
import { MFA_CHALLENGE_LIFETIME_MS } from "../constants.ts";
import type { FactorRow } from "../factors/factor-types.ts";
import type { RelyingParty } from "./relying-party.ts";
import { webauthnLibrary } from "./webauthn-library.ts";

/** 32 random bytes as base64url: what the authenticator signs, stored to compare with its answer. */
export const newWebauthnChallenge = (): string => randomBytes(32).toString("base64url");

/**
 * The user handle a passkey keeps: the account id, so a passwordless answer names its account.
 * Never the e-mail address, which can change and should not sit on a device.
 */
export const userHandleOf = (userId: string): Uint8Array => new TextEncoder().encode(userId);

/**
 * `navigator.credentials.create()` options (as JSON). Every passkey is discoverable (a resident
 * key), so each one both steps up a session and signs in without a password (docs/decisions/040).
 * The account's other passkeys are excluded, so one device is not registered twice.
 */
export async function creationOptions(input: {
  rp: RelyingParty;
  userId: string;
  email: string;
  challenge: string;
  others: FactorRow[];
}) {
  const { generateRegistrationOptions } = await webauthnLibrary();
  return generateRegistrationOptions({
    rpName: input.rp.name,
    rpID: input.rp.id,
    userName: input.email,
    userID: userHandleOf(input.userId) as Uint8Array<ArrayBuffer>,
    userDisplayName: input.email,
    challenge: Buffer.from(input.challenge, "base64url") as Uint8Array<ArrayBuffer>,
    timeout: MFA_CHALLENGE_LIFETIME_MS,
    attestationType: "none",
    excludeCredentials: input.others
      .filter((f) => f.credentialId)
      .map((f) => ({ id: f.credentialId!, transports: f.transports ?? undefined })),
    authenticatorSelection: { residentKey: "required", requireResidentKey: true, userVerification: "preferred" },
  });
}

/**
 * `navigator.credentials.get()` options (as JSON): for a step-up, the one passkey asked for; for a
 * passwordless sign-in, none named (the browser offers the passkeys it holds for this site) and
 * the PIN or biometric check required, because the passkey is then the only proof.
 */
export async function requestOptions(input: { rp: RelyingParty; challenge: string; factor?: FactorRow }) {
  const { factor } = input;
  const { generateAuthenticationOptions } = await webauthnLibrary();
  return generateAuthenticationOptions({
    rpID: input.rp.id,
    challenge: Buffer.from(input.challenge, "base64url") as Uint8Array<ArrayBuffer>,
    timeout: MFA_CHALLENGE_LIFETIME_MS,
    allowCredentials: factor?.credentialId
      ? [{ id: factor.credentialId, transports: factor.transports ?? undefined }]
      : [],
    userVerification: factor ? "preferred" : "required",
  });
}
