import { and, eq, isNull } from "drizzle-orm";
import { mfaFactors, passkeyChallenges, users } from "../../db/schema.ts";
import type { AuthDeps } from "../auth-deps.ts";
import { UUID } from "../factors/find-owned-factor.ts";
import { GoTrueError, validationFailed } from "../gotrue-error.ts";
import { recordSecurityEvent, type RequestOrigin } from "../security/security-event.ts";
import { openSession } from "../sessions/open-session.ts";
import type { SessionResponse } from "../sessions/session-response.ts";
import { checkAssertion } from "./check-assertion.ts";
import { passkeyError, type PasskeyProblem } from "./passkey-problem.ts";
import { relyingPartyOf } from "./relying-party.ts";
import { authenticationResponseSchema, parseCredential } from "./webauthn-json.ts";

type Outcome =
  { kind: "ok"; response: SessionResponse; notify: () => void } | { kind: "refused"; problem: PasskeyProblem };

/**
 * POST /passkeys/authentication/verify: a passwordless sign-in. The passkey names its account (by
 * its credential id, and its user handle must agree); it must have checked its user (PIN or
 * biometrics), so it is two factors in one and the new session is aal2 (docs/decisions/040).
 * The challenge is spent by the first answer, right or wrong. A refused answer from a known
 * passkey, or from a removed one whose user handle names an account, is logged on that account.
 */
export async function signInWithPasskey(
  deps: AuthDeps,
  input: { body: Record<string, unknown>; origin: RequestOrigin },
): Promise<SessionResponse> {
  const { body } = input;
  if (typeof body.challenge_id !== "string" || !UUID.test(body.challenge_id))
    throw validationFailed("challenge_id is required: ask for sign-in options first and send their challenge_id");
  const response = parseCredential(authenticationResponseSchema, body.credential, "credential");
  const rp = relyingPartyOf(deps.config.SITE_URL);
  const now = deps.clock.now();

  // Spent in one statement, so two answers to one challenge cannot both be checked.
  const [challenge] = await deps.db
    .update(passkeyChallenges)
    .set({ usedAt: now })
    .where(and(eq(passkeyChallenges.id, body.challenge_id), isNull(passkeyChallenges.usedAt)))
    .returning();
  if (!challenge) {
    const [exists] = await deps.db
      .select({ id: passkeyChallenges.id })
      .from(passkeyChallenges)
      .where(eq(passkeyChallenges.id, body.challenge_id));
    if (exists)
      throw new GoTrueError(422, "mfa_challenge_used", "This sign-in request was already answered. Start again.");
    throw new GoTrueError(422, "mfa_challenge_not_found", "This sign-in request does not exist. Start again.");
  }
  if (challenge.expiresAt.getTime() <= now.getTime())
    throw new GoTrueError(422, "mfa_challenge_expired", "This sign-in request has expired. Start again.");

  const outcome = await deps.db.transaction(async (tx): Promise<Outcome> => {
    const [factor] = await tx
      .select()
      .from(mfaFactors)
      .where(
        and(
          eq(mfaFactors.credentialId, response.id),
          eq(mfaFactors.factorType, "webauthn"),
          eq(mfaFactors.status, "verified"),
        ),
      )
      .for("update");
    const handle = userHandleIn(response.response.userHandle);
    const refuse = async (userId: string | null, problem: PasskeyProblem, name?: string): Promise<Outcome> => {
      if (userId) {
        await recordSecurityEvent({
          db: tx,
          clock: deps.clock,
          userId,
          kind: "passkey_rejected",
          origin: input.origin,
          detail: name
            ? { factor: name, reason: problem, while: "signing_in" }
            : { reason: problem, while: "signing_in" },
        });
      }
      return { kind: "refused", problem };
    };
    if (!factor) {
      const [owner] = handle ? await tx.select({ id: users.id }).from(users).where(eq(users.id, handle)) : [];
      return refuse(owner?.id ?? null, "unknown_credential");
    }
    const name = factor.friendlyName ?? "Passkey";
    if (handle !== null && handle !== factor.userId) return refuse(factor.userId, "signature", name);
    const checked = await checkAssertion({
      rp,
      challenge: challenge.challenge,
      factor,
      response,
      requireUserVerification: true,
    });
    if (!checked.ok) return refuse(factor.userId, checked.problem, name);

    const [user] = await tx.select().from(users).where(eq(users.id, factor.userId));
    if (!user) return { kind: "refused", problem: "unknown_credential" };
    if (user.bannedUntil && user.bannedUntil.getTime() > now.getTime())
      throw new GoTrueError(400, "user_banned", "User is banned");
    await tx
      .update(mfaFactors)
      .set({ signCount: checked.signCount, lastUsedAt: now, updatedAt: now })
      .where(eq(mfaFactors.id, factor.id));
    const opened = await openSession(deps, tx, {
      userId: user.id,
      email: user.email,
      method: "passkey",
      aal: "aal2",
      origin: input.origin,
      detail: { factor: name },
    });
    return { kind: "ok", response: opened.response, notify: opened.notify };
  });

  if (outcome.kind === "refused") throw passkeyError(outcome.problem, rp);
  outcome.notify();
  return outcome.response;
}

/** The account id a passkey carries as its user handle (see userHandleOf), or null. */
function userHandleIn(value: string | undefined): string | null {
  if (!value) return null;
  const text = Buffer.from(value, "base64url").toString("utf8");
  return UUID.test(text) ? text : null;
}
