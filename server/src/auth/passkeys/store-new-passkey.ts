import { eq } from "drizzle-orm";
import { mfaChallenges, mfaFactors } from "../../db/schema.ts";
import type { AuthDeps, Tx } from "../auth-deps.ts";
import type { ChallengeRow, FactorRow } from "../factors/factor-types.ts";
import { GoTrueError } from "../gotrue-error.ts";
import { recordSecurityEvent, type RequestOrigin } from "../security/security-event.ts";
import { checkRegistration } from "./check-registration.ts";
import type { PasskeyProblem } from "./passkey-problem.ts";
import { relyingPartyOf } from "./relying-party.ts";
import type { RegistrationJson } from "./webauthn-json.ts";

/**
 * Finishes adding a passkey, whichever way it was started (`mfa.webauthn` or /passkeys): checks
 * the browser's new credential against the challenge, keeps its id, public key and counter on the
 * factor, and marks the factor verified and the challenge answered. A refusal is logged (the
 * reason only) and returned, so the caller commits the log before answering. The factor row must
 * be locked by the caller.
 */
export async function storeNewPasskey(
  deps: AuthDeps,
  tx: Tx,
  input: {
    userId: string;
    factor: FactorRow;
    challenge: ChallengeRow;
    response: RegistrationJson;
    origin: RequestOrigin;
  },
): Promise<{ ok: true; name: string } | { ok: false; problem: PasskeyProblem }> {
  const { factor, challenge } = input;
  const name = factor.friendlyName ?? "Passkey";
  const now = deps.clock.now();
  const checked = await checkRegistration({
    rp: relyingPartyOf(deps.config.SITE_URL),
    challenge: challenge.webauthnChallenge ?? "",
    response: input.response,
  });
  if (!checked.ok) {
    await recordSecurityEvent({
      db: tx,
      clock: deps.clock,
      userId: input.userId,
      kind: "passkey_rejected",
      origin: input.origin,
      detail: { factor: name, reason: checked.problem, while: "adding" },
    });
    return checked;
  }
  const [taken] = await tx
    .select({ id: mfaFactors.id })
    .from(mfaFactors)
    .where(eq(mfaFactors.credentialId, checked.credentialId));
  if (taken)
    throw new GoTrueError(
      422,
      "webauthn_credential_exists",
      "This passkey is already registered with Trigger Switch. Use it to sign in, or choose another device.",
    );
  await tx
    .update(mfaFactors)
    .set({
      status: "verified",
      credentialId: checked.credentialId,
      publicKey: checked.publicKey,
      signCount: checked.signCount,
      transports: checked.transports,
      failedAttempts: 0,
      lastFailedAt: null,
      updatedAt: now,
    })
    .where(eq(mfaFactors.id, factor.id));
  await tx.update(mfaChallenges).set({ verifiedAt: now }).where(eq(mfaChallenges.id, challenge.id));
  await recordSecurityEvent({
    db: tx,
    clock: deps.clock,
    userId: input.userId,
    kind: "factor_added",
    origin: input.origin,
    detail: { factor: name, type: "webauthn" },
  });
  return { ok: true, name };
}
