import { eq } from "drizzle-orm";
import { mfaChallenges } from "../../db/schema.ts";
import type { AuthDeps } from "../auth-deps.ts";
import { findOwnedFactor, UUID } from "../factors/find-owned-factor.ts";
import { openChallenge } from "../factors/open-challenge.ts";
import type { Authenticated } from "../flows/authenticate-bearer.ts";
import { GoTrueError, validationFailed } from "../gotrue-error.ts";
import type { RequestOrigin } from "../security/security-event.ts";
import { markSessionAal2 } from "../sessions/raise-session.ts";
import { passkeyError, type PasskeyProblem } from "./passkey-problem.ts";
import { relyingPartyOf } from "./relying-party.ts";
import { storeNewPasskey } from "./store-new-passkey.ts";
import { noticePasskeyAdded } from "./notice-passkey-added.ts";
import { parseCredential, registrationResponseSchema } from "./webauthn-json.ts";

export interface PasskeyMetadata {
  id: string;
  friendly_name?: string;
  created_at: string;
}

type Outcome = { kind: "ok"; passkey: PasskeyMetadata } | { kind: "refused"; problem: PasskeyProblem };

/**
 * POST /passkeys/registration/verify: the browser's new passkey for the challenge of
 * startPasskeyRegistration. It is kept as a verified webauthn factor, and, as a new factor's first
 * proof does, it raises this session to aal2 (its answer has no tokens: the client refreshes).
 */
export async function finishPasskeyRegistration(
  deps: AuthDeps,
  input: { auth: Authenticated; body: Record<string, unknown>; origin: RequestOrigin },
): Promise<PasskeyMetadata> {
  const { auth, body } = input;
  if (typeof body.challenge_id !== "string" || !UUID.test(body.challenge_id))
    throw validationFailed("challenge_id is required: ask for registration options first and send their challenge_id");
  const response = parseCredential(registrationResponseSchema, body.credential, "credential");

  const outcome = await deps.db.transaction(async (tx): Promise<Outcome> => {
    const [row] = await tx
      .select({ factorId: mfaChallenges.factorId })
      .from(mfaChallenges)
      .where(eq(mfaChallenges.id, body.challenge_id as string));
    if (!row) throw challengeNotFound();
    const factor = await findOwnedFactor(tx, auth.user.id, row.factorId, true).catch((err: unknown) => {
      throw err instanceof GoTrueError && err.status === 404 ? challengeNotFound() : err;
    });
    if (factor.factorType !== "webauthn") throw challengeNotFound();
    const now = deps.clock.now();
    const challenge = await openChallenge(tx, {
      factorId: factor.id,
      challengeId: body.challenge_id as string,
      sessionId: auth.sessionId,
      now,
    });
    const stored = await storeNewPasskey(deps, tx, {
      userId: auth.user.id,
      factor,
      challenge,
      response,
      origin: input.origin,
    });
    if (!stored.ok) return { kind: "refused", problem: stored.problem };
    await markSessionAal2(tx, { auth, method: "mfa/webauthn", now });
    return {
      kind: "ok",
      passkey: {
        id: factor.id,
        friendly_name: factor.friendlyName ?? undefined,
        created_at: factor.createdAt.toISOString(),
      },
    };
  });

  if (outcome.kind === "refused") throw passkeyError(outcome.problem, relyingPartyOf(deps.config.SITE_URL));
  noticePasskeyAdded(deps, auth.user.email, outcome.passkey.friendly_name ?? "Passkey");
  return outcome.passkey;
}

const challengeNotFound = () =>
  new GoTrueError(
    422,
    "mfa_challenge_not_found",
    "This passkey request does not exist for this session. Start adding the passkey again.",
  );
