import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { oauthFlows, users } from "../../db/schema.ts";
import type { AuthDeps } from "../auth-deps.ts";
import { GoTrueError, validationFailed } from "../gotrue-error.ts";
import type { RequestOrigin } from "../security/security-event.ts";
import { openSession } from "../sessions/open-session.ts";
import type { SessionResponse } from "../sessions/session-response.ts";
import { hashToken } from "../tokens/opaque-token.ts";

/** The one-time code from the callback must be exchanged this soon (ms); GoTrue's 5 minutes. */
export const AUTH_CODE_LIFETIME_MS = 5 * 60 * 1000;

type Outcome =
  { kind: "ok"; response: SessionResponse; notify: () => void } | { kind: "not_found" | "expired" | "bad_verifier" };

/**
 * POST /token?grant_type=pkce { auth_code, code_verifier }: the browser that started the sign-in
 * proves it is the same one (its verifier matches the challenge it sent to /authorize). The code
 * works once: a wrong verifier spends it too, so it cannot be guessed at.
 */
export async function exchangeAuthCode(
  deps: AuthDeps,
  input: { body: Record<string, unknown>; origin: RequestOrigin },
): Promise<SessionResponse> {
  const { auth_code: authCode, code_verifier: verifier } = input.body;
  if (typeof authCode !== "string" || authCode === "" || typeof verifier !== "string" || verifier === "") {
    throw validationFailed("invalid request: both auth code and code verifier should be non-empty");
  }
  const outcome = await deps.db.transaction(async (tx): Promise<Outcome> => {
    const [flow] = await tx
      .select()
      .from(oauthFlows)
      .where(eq(oauthFlows.authCodeHash, hashToken(authCode)))
      .for("update");
    if (!flow || flow.usedAt === null || !flow.userId || !flow.authCodeIssuedAt || !flow.codeChallenge)
      return { kind: "not_found" };
    await tx.update(oauthFlows).set({ authCodeHash: null }).where(eq(oauthFlows.id, flow.id));
    const now = deps.clock.now();
    if (now.getTime() - flow.authCodeIssuedAt.getTime() > AUTH_CODE_LIFETIME_MS) return { kind: "expired" };
    const computed =
      flow.codeChallengeMethod === "plain"
        ? verifier
        : crypto.createHash("sha256").update(verifier).digest("base64url");
    if (
      computed.length !== flow.codeChallenge.length ||
      !crypto.timingSafeEqual(Buffer.from(computed), Buffer.from(flow.codeChallenge))
    )
      return { kind: "bad_verifier" };
    const [user] = await tx.select().from(users).where(eq(users.id, flow.userId));
    if (!user) return { kind: "not_found" };
    const opened = await openSession(deps, tx, {
      userId: user.id,
      email: user.email,
      method: "oauth",
      origin: input.origin,
    });
    return { kind: "ok", response: opened.response, notify: opened.notify };
  });
  // Thrown after the transaction, so that spending the code is committed.
  switch (outcome.kind) {
    case "ok":
      outcome.notify();
      return outcome.response;
    case "not_found":
      throw new GoTrueError(404, "flow_state_not_found", "invalid flow state, no valid flow state found");
    case "expired":
      throw new GoTrueError(403, "flow_state_expired", "The sign-in code has expired. Please sign in again.");
    case "bad_verifier":
      throw new GoTrueError(403, "bad_code_verifier", "code challenge does not match previously saved code verifier");
  }
}
