import { createHash } from "node:crypto";
import type { PasskeyProblem } from "./passkey-problem.ts";
import type { RelyingParty } from "./relying-party.ts";
import { webauthnHelpers, webauthnLibrary } from "./webauthn-library.ts";
import { readClientData, type RegistrationJson } from "./webauthn-json.ts";

export type RegistrationCheck =
  | {
      ok: true;
      credentialId: string;
      publicKey: string;
      signCount: number;
      transports: string[];
    }
  | { ok: false; problem: PasskeyProblem };

/**
 * Checks a new passkey (attestation "none": we ask no maker's certificate, only that the key is
 * new, made for us, on our page, for this challenge). The challenge, origin and RP id are checked
 * here first so each refusal can say which it was; @simplewebauthn/server then checks everything.
 */
export async function checkRegistration(input: {
  rp: RelyingParty;
  challenge: string;
  response: RegistrationJson;
}): Promise<RegistrationCheck> {
  const { rp, challenge, response } = input;
  const client = readClientData(response.response.clientDataJSON);
  if (!client || client.type !== "webauthn.create") return { ok: false, problem: "signature" };
  if (client.challenge !== challenge) return { ok: false, problem: "challenge" };
  if (client.origin !== rp.origin) return { ok: false, problem: "origin" };
  const [{ verifyRegistrationResponse }, { decodeAttestationObject, parseAuthenticatorData }] = await Promise.all([
    webauthnLibrary(),
    webauthnHelpers(),
  ]);
  try {
    const attestation = decodeAttestationObject(Buffer.from(response.response.attestationObject, "base64url"));
    const authData = parseAuthenticatorData(attestation.get("authData"));
    if (!Buffer.from(authData.rpIdHash).equals(createHash("sha256").update(rp.id).digest()))
      return { ok: false, problem: "rp_id" };
  } catch {
    return { ok: false, problem: "signature" };
  }

  let verified;
  try {
    verified = await verifyRegistrationResponse({
      response,
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      // A security key without a PIN may still be a second factor; passwordless sign-in asks for it.
      requireUserVerification: false,
    });
  } catch {
    return { ok: false, problem: "signature" };
  }
  if (!verified.verified) return { ok: false, problem: "signature" };
  const { credential } = verified.registrationInfo;
  return {
    ok: true,
    credentialId: credential.id,
    publicKey: Buffer.from(credential.publicKey).toString("base64url"),
    signCount: credential.counter,
    transports: response.response.transports ?? [],
  };
}
