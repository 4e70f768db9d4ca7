import { eq } from "drizzle-orm";
import { z } from "zod";
import { mfaChallenges, mfaFactors } from "../../db/schema.ts";
import type { AuthDeps } from "../auth-deps.ts";
import { findOwnedFactor, UUID } from "../factors/find-owned-factor.ts";
import { openChallenge } from "../factors/open-challenge.ts";
import type { Authenticated } from "../flows/authenticate-bearer.ts";
import { validationFailed } from "../gotrue-error.ts";
import { recordSecurityEvent, type RequestOrigin } from "../security/security-event.ts";
import { raiseSession } from "../sessions/raise-session.ts";
import type { SessionResponse } from "../sessions/session-response.ts";
import { checkAssertion } from "./check-assertion.ts";
import { passkeyError, type PasskeyProblem } from "./passkey-problem.ts";
import { relyingPartyOf } from "./relying-party.ts";
import { noticePasskeyAdded } from "./notice-passkey-added.ts";
import { storeNewPasskey } from "./store-new-passkey.ts";
import { authenticationResponseSchema, parseCredential, registrationResponseSchema } from "./webauthn-json.ts";

const webauthnBody = z.object({ type: z.enum(["create", "request"]), credential_response: z.unknown() });

type Outcome =
  { kind: "ok"; response: SessionResponse; added: string | null } | { kind: "refused"; problem: PasskeyProblem };

/**
 * POST /factors/{id}/verify with `webauthn` (auth-js `mfa.webauthn`): `create` answers a new
 * passkey's challenge and finishes adding it; `request` answers a step-up. Either raises the
 * session to aal2 with new tokens, as a right TOTP code does. Origin, RP id and challenge come
 * from our SITE_URL and the stored challenge, never from the request (auth-js also sends rpId and
 * rpOrigins: they are ignored here). A refused answer changes nothing but the security log.
 */
export async function verifyWebauthnFactor(
  deps: AuthDeps,
  input: { auth: Authenticated; factorId: string; body: Record<string, unknown>; origin: RequestOrigin },
): Promise<SessionResponse> {
  const { auth, body } = input;
  if (typeof body.challenge_id !== "string" || !UUID.test(body.challenge_id))
    throw validationFailed("challenge_id is required: ask for a challenge first and send its id");
  const parsed = webauthnBody.safeParse(body.webauthn);
  if (!parsed.success) throw validationFailed("webauthn must have type (create or request) and credential_response");
  const { type, credential_response } = parsed.data;
  const rp = relyingPartyOf(deps.config.SITE_URL);

  const outcome = await deps.db.transaction(async (tx): Promise<Outcome> => {
    const factor = await findOwnedFactor(tx, auth.user.id, input.factorId, true);
    if (factor.factorType !== "webauthn") throw validationFailed("This factor takes a code: send code, not webauthn");
    const now = deps.clock.now();
    const challenge = await openChallenge(tx, {
      factorId: factor.id,
      challengeId: body.challenge_id as string,
      sessionId: auth.sessionId,
      now,
    });
    const expected = factor.status === "verified" ? "request" : "create";
    if (type !== expected)
      throw validationFailed(
        expected === "create"
          ? "This passkey is not added yet: answer with type create (navigator.credentials.create)"
          : "This passkey is already added: answer with type request (navigator.credentials.get)",
      );

    if (expected === "create") {
      const response = parseCredential(registrationResponseSchema, credential_response, "credential_response");
      const stored = await storeNewPasskey(deps, tx, {
        userId: auth.user.id,
        factor,
        challenge,
        response,
        origin: input.origin,
      });
      if (!stored.ok) return { kind: "refused", problem: stored.problem };
      const session = await raiseSession(deps, tx, { auth, method: "mfa/webauthn", now });
      return { kind: "ok", response: session, added: stored.name };
    }

    const response = parseCredential(authenticationResponseSchema, credential_response, "credential_response");
    const name = factor.friendlyName ?? "Passkey";
    const checked = await checkAssertion({
      rp,
      challenge: challenge.webauthnChallenge ?? "",
      factor,
      response,
      requireUserVerification: false,
    });
    if (!checked.ok) {
      await recordSecurityEvent({
        db: tx,
        clock: deps.clock,
        userId: auth.user.id,
        kind: "passkey_rejected",
        origin: input.origin,
        detail: { factor: name, reason: checked.problem },
      });
      return { kind: "refused", problem: checked.problem };
    }
    await tx
      .update(mfaFactors)
      .set({ signCount: checked.signCount, lastUsedAt: now, updatedAt: now })
      .where(eq(mfaFactors.id, factor.id));
    await tx.update(mfaChallenges).set({ verifiedAt: now }).where(eq(mfaChallenges.id, challenge.id));
    await recordSecurityEvent({
      db: tx,
      clock: deps.clock,
      userId: auth.user.id,
      kind: "passkey_used",
      origin: input.origin,
      detail: { factor: name },
    });
    const session = await raiseSession(deps, tx, { auth, method: "mfa/webauthn", now });
    return { kind: "ok", response: session, added: null };
  });

  // Refusals are thrown after the transaction, so that the log entry is committed.
  if (outcome.kind === "refused") throw passkeyError(outcome.problem, rp);
  if (outcome.added) noticePasskeyAdded(deps, auth.user.email, outcome.added);
  return outcome.response;
}
