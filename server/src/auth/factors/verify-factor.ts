import { eq } from "drizzle-orm";
import { mfaChallenges, mfaFactors } from "../../db/schema.ts";
import type { AuthDeps } from "../auth-deps.ts";
import type { Authenticated } from "../flows/authenticate-bearer.ts";
import { GoTrueError, validationFailed } from "../gotrue-error.ts";
import { backoffRemainingMs, countedFailures, describeWait } from "../passwords/backoff.ts";
import { recordSecurityEvent, type RequestOrigin } from "../security/security-event.ts";
import { securityMail } from "../security/security-mail.ts";
import { raiseSession } from "../sessions/raise-session.ts";
import type { SessionResponse } from "../sessions/session-response.ts";
import { factorKinds } from "./factor-kinds.ts";
import type { FactorType } from "./factor-types.ts";
import { findOwnedFactor, UUID } from "./find-owned-factor.ts";
import { openChallenge } from "./open-challenge.ts";
import { verifyWebauthnFactor } from "../passkeys/verify-webauthn-factor.ts";

type Outcome =
  | { kind: "ok"; response: SessionResponse; enrolled: string | null }
  | { kind: "wrong_code"; factorType: FactorType }
  | { kind: "already_used" }
  | { kind: "wait"; ms: number };

/**
 * POST /factors/{id}/verify. A right code raises the calling session to aal2 (the `amr` claim
 * gains the factor's method) and hands out new tokens for it: the old refresh tokens of the
 * session stop working. The first right code of a new factor also finishes its enrolment.
 * Wrong codes are counted on the factor, across sessions: after a few, each try must wait
 * longer (docs/decisions/016). A code is accepted once (TOTP: never the same time step twice); a
 * right code used again is told as that (mfa_code_already_used), and neither counted nor logged as
 * a wrong one: it is no guess. A wrong code while adding a factor is logged as that, not as a
 * failed sign-in (docs/decisions/032). A passkey's answer (`webauthn` instead of `code`) is
 * checked by verify-webauthn-factor.ts.
 */
export async function verifyFactor(
  deps: AuthDeps,
  input: { auth: Authenticated; factorId: string; body: Record<string, unknown>; origin: RequestOrigin },
): Promise<SessionResponse> {
  const { auth, body } = input;
  if (body.webauthn !== undefined && body.webauthn !== null) return verifyWebauthnFactor(deps, input);
  if (typeof body.challenge_id !== "string" || !UUID.test(body.challenge_id))
    throw validationFailed("challenge_id is required: ask for a challenge first and send its id");
  if (typeof body.code !== "string" || !/^\s*\d{6}\s*$/.test(body.code))
    throw validationFailed("Enter the 6-digit code");
  const code = body.code.trim();

  const outcome = await deps.db.transaction(async (tx): Promise<Outcome> => {
    // The factor row is the lock: two tries of one code at once cannot both pass.
    const factor = await findOwnedFactor(tx, auth.user.id, input.factorId, true);
    const kind = factorKinds[factor.factorType];
    if (factor.factorType === "webauthn")
      throw validationFailed("This factor is a passkey: answer its challenge with webauthn, not a code");
    const now = deps.clock.now();
    const challenge = await openChallenge(tx, {
      factorId: factor.id,
      challengeId: body.challenge_id as string,
      sessionId: auth.sessionId,
      now,
    });

    const waitMs = backoffRemainingMs(factor.failedAttempts, factor.lastFailedAt, now);
    if (waitMs > 0) return { kind: "wait", ms: waitMs };

    const result = kind.check({ deps, factor, challenge, code, now });
    if (!result.ok && result.alreadyUsed) return { kind: "already_used" };
    if (!result.ok) {
      const enrolling = factor.status === "unverified";
      const failures = countedFailures(factor.failedAttempts, factor.lastFailedAt, now) + 1;
      await tx
        .update(mfaFactors)
        .set({ failedAttempts: failures, lastFailedAt: now })
        .where(eq(mfaFactors.id, factor.id));
      await recordSecurityEvent({
        db: tx,
        clock: deps.clock,
        userId: auth.user.id,
        kind: enrolling ? "factor_code_failed" : "mfa_failed",
        origin: input.origin,
        detail: enrolling
          ? { factor: factor.friendlyName ?? factor.factorType, type: factor.factorType }
          : { factor: factor.friendlyName ?? factor.factorType },
      });
      return { kind: "wrong_code", factorType: factor.factorType };
    }

    const enrolled = factor.status === "unverified";
    await tx
      .update(mfaFactors)
      .set({
        status: "verified",
        failedAttempts: 0,
        lastFailedAt: null,
        lastUsedStep: result.lastUsedStep ?? factor.lastUsedStep,
        updatedAt: now,
      })
      .where(eq(mfaFactors.id, factor.id));
    await tx.update(mfaChallenges).set({ verifiedAt: now }).where(eq(mfaChallenges.id, challenge.id));
    if (enrolled) {
      await recordSecurityEvent({
        db: tx,
        clock: deps.clock,
        userId: auth.user.id,
        kind: "factor_added",
        origin: input.origin,
        detail: { factor: factor.friendlyName ?? factor.factorType, type: factor.factorType },
      });
    }

    const response = await raiseSession(deps, tx, { auth, method: kind.amrMethod, now });
    return {
      kind: "ok",
      response,
      enrolled: enrolled
        ? (factor.friendlyName ?? (factor.factorType === "phone" ? `Phone ${factor.phone}` : "Authenticator app"))
        : null,
    };
  });

  // Failures are thrown after the transaction, so that counting them is committed.
  if (outcome.kind === "wait") {
    throw new GoTrueError(
      429,
      "over_request_rate_limit",
      `Too many wrong codes. Try again in ${describeWait(outcome.ms)}.`,
    );
  }
  if (outcome.kind === "already_used") {
    throw new GoTrueError(
      422,
      "mfa_code_already_used",
      "That code, or a newer one, was already used. Wait for the next code your authenticator app shows and enter it.",
    );
  }
  if (outcome.kind === "wrong_code") {
    const hint =
      outcome.factorType === "phone"
        ? "check the newest message we sent to your phone"
        : "check your authenticator app and enter the code it shows now";
    throw new GoTrueError(422, "mfa_verification_failed", `Invalid code: ${hint}.`);
  }
  if (outcome.enrolled) {
    const notice = securityMail(
      auth.user.email,
      { kind: "factor_added", factorName: outcome.enrolled, at: deps.clock.now() },
      deps.config.SITE_URL,
    );
    deps.background.run("factor added notice", () => deps.mailer.send(notice));
  }
  return outcome.response;
}
