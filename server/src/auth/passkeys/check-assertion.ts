import { createHash } from "node:crypto";
import type { FactorRow } from "../factors/factor-types.ts";
import type { PasskeyProblem } from "./passkey-problem.ts";
import type { RelyingParty } from "./relying-party.ts";
import { webauthnHelpers, webauthnLibrary } from "./webauthn-library.ts";
import { readClientData, type AuthenticationJson } from "./webauthn-json.ts";

export type AssertionCheck = { ok: true; signCount: number } | { ok: false; problem: PasskeyProblem };

/**
 * Checks that a stored passkey signed this challenge on our page. The signature counter must move
 * forward (a passkey that always says 0, as synced ones do, is allowed): a counter at or below
 * the one we saw means two copies of the key exist, so the use is refused. The caller holds the
 * factor row locked, so two answers cannot both pass with the same counter.
 */
export async function checkAssertion(input: {
  rp: RelyingParty;
  challenge: string;
  factor: FactorRow;
  response: AuthenticationJson;
  requireUserVerification: boolean;
}): Promise<AssertionCheck> {
  const { rp, challenge, factor, response } = input;
  if (!factor.credentialId || !factor.publicKey || response.id !== factor.credentialId)
    return { ok: false, problem: "unknown_credential" };
  const client = readClientData(response.response.clientDataJSON);
  if (!client || client.type !== "webauthn.get") return { ok: false, problem: "signature" };
  if (client.challenge !== challenge) return { ok: false, problem: "challenge" };
  if (client.origin !== rp.origin) return { ok: false, problem: "origin" };
  const [{ verifyAuthenticationResponse }, { parseAuthenticatorData }] = await Promise.all([
    webauthnLibrary(),
    webauthnHelpers(),
  ]);
  let authData;
  try {
    authData = parseAuthenticatorData(Buffer.from(response.response.authenticatorData, "base64url"));
  } catch {
    return { ok: false, problem: "signature" };
  }
  if (!Buffer.from(authData.rpIdHash).equals(createHash("sha256").update(rp.id).digest()))
    return { ok: false, problem: "rp_id" };
  if (input.requireUserVerification && !authData.flags.uv) return { ok: false, problem: "user_verification" };
  const stored = factor.signCount ?? 0;
  if ((authData.counter > 0 || stored > 0) && authData.counter <= stored) return { ok: false, problem: "counter" };

  try {
    const verified = await verifyAuthenticationResponse({
      response,
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      credential: {
        id: factor.credentialId,
        publicKey: Buffer.from(factor.publicKey, "base64url"),
        counter: stored,
        transports: factor.transports ?? undefined,
      },
      requireUserVerification: input.requireUserVerification,
    });
    if (!verified.verified) return { ok: false, problem: "signature" };
    return { ok: true, signCount: verified.authenticationInfo.newCounter };
  } catch {
    return { ok: false, problem: "signature" };
  }
}
