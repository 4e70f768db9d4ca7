import { GoTrueError } from "../gotrue-error.ts";
import type { RelyingParty } from "./relying-party.ts";

/** Why a WebAuthn answer was refused; the security log keeps this word, never the answer itself. */
export type PasskeyProblem =
  "challenge" | "origin" | "rp_id" | "user_verification" | "counter" | "signature" | "unknown_credential";

/** The 4xx for each refusal, in words a person can act on. */
export function passkeyError(problem: PasskeyProblem, rp: RelyingParty): GoTrueError {
  switch (problem) {
    case "challenge":
      return new GoTrueError(
        422,
        "webauthn_challenge_mismatch",
        "This passkey answer was made for another request. Start again.",
      );
    case "origin":
      return new GoTrueError(
        422,
        "webauthn_origin_mismatch",
        `This passkey answer did not come from ${rp.origin}. Open Trigger Switch at ${rp.origin} and try again.`,
      );
    case "rp_id":
      return new GoTrueError(
        422,
        "webauthn_rp_id_mismatch",
        `This passkey was made for another site, not for ${rp.id}. Use a passkey made for ${rp.id}.`,
      );
    case "user_verification":
      return new GoTrueError(
        422,
        "webauthn_user_not_verified",
        "Your passkey did not check that it is you (PIN, fingerprint or face). Use a passkey that does, or sign in with your password.",
      );
    case "counter":
      return new GoTrueError(
        422,
        "webauthn_counter_rollback",
        "This passkey's use counter went backwards, as a copied passkey's does, so it was refused. If this is your own passkey, remove it in Security and add it again.",
      );
    case "signature":
      return new GoTrueError(
        422,
        "mfa_verification_failed",
        "The passkey's signature could not be verified. Try again, or use another passkey.",
      );
    case "unknown_credential":
      return new GoTrueError(
        422,
        "webauthn_credential_not_found",
        "This passkey is not registered with Trigger Switch (it may have been removed). Sign in with your password, or use another passkey.",
      );
  }
}
