import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { mfaChallenges, mfaFactors } from "../../db/schema.ts";
import type { AuthDeps } from "../auth-deps.ts";
import { MFA_CHALLENGE_LIFETIME_MS } from "../constants.ts";
import type { Authenticated } from "../flows/authenticate-bearer.ts";
import { isForeignKeyViolation } from "../flows/postgres-errors.ts";
import { GoTrueError } from "../gotrue-error.ts";
import { factorKinds } from "./factor-kinds.ts";
import { findOwnedFactor } from "./find-owned-factor.ts";

/**
 * POST /factors/{id}/challenge: a challenge for this session to answer within 5 minutes. For a
 * phone factor the code is sent first; a code that could not be sent leaves no challenge. For a
 * passkey the answer carries the browser's options (create for a new one, request otherwise).
 */
export async function challengeFactor(
  deps: AuthDeps,
  input: { auth: Authenticated; factorId: string; body: Record<string, unknown> },
): Promise<{ id: string; type: string; expires_at: number } & Record<string, unknown>> {
  const factor = await findOwnedFactor(deps.db, input.auth.user.id, input.factorId);
  const kind = factorKinds[factor.factorType];
  const now = deps.clock.now();
  const id = crypto.randomUUID();
  const extra = await kind.challenge({ deps, factor, challengeId: id, body: input.body });
  const expiresAt = new Date(now.getTime() + MFA_CHALLENGE_LIFETIME_MS);
  try {
    await deps.db.transaction(async (tx) => {
      await tx
        .insert(mfaChallenges)
        .values({ id, factorId: factor.id, sessionId: input.auth.sessionId, ...extra, expiresAt, createdAt: now });
      await tx.update(mfaFactors).set({ lastChallengedAt: now }).where(eq(mfaFactors.id, factor.id));
    });
  } catch (err) {
    // Removed meanwhile, or an unfinished enrolment replaced by a new one under its name (two
    // tabs adding a passkey at once): the factor is gone, and the person can simply start again.
    if (isForeignKeyViolation(err))
      throw new GoTrueError(
        404,
        "mfa_factor_not_found",
        "No such factor on this account: it was removed or replaced meanwhile.",
      );
    throw err;
  }
  const answer = extra.webauthnChallenge
    ? await kind.challengeAnswer?.({ deps, user: input.auth.user, factor, challenge: extra.webauthnChallenge })
    : undefined;
  return { id, type: factor.factorType, expires_at: Math.floor(expiresAt.getTime() / 1000), ...answer };
}
