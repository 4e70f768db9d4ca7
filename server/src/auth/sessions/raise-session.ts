import { and, eq } from "drizzle-orm";
import { refreshTokens, sessions } from "../../db/schema.ts";
import type { AuthDeps, Tx } from "../auth-deps.ts";
import type { Authenticated } from "../flows/authenticate-bearer.ts";
import { createOpaqueToken } from "../tokens/opaque-token.ts";
import { sessionResponse, type SessionResponse } from "./session-response.ts";

/**
 * Raises the calling session to aal2 after a second proof (a factor's code or a recovery code):
 * `method` joins the `amr` claim, the session's aal1 refresh tokens are spent and new tokens are
 * handed out. The session id stays, so the session list still shows one device.
 */
export async function raiseSession(
  deps: AuthDeps,
  tx: Tx,
  input: { auth: Authenticated; method: string; now: Date },
): Promise<SessionResponse> {
  const { auth, now } = input;
  const session = await markSessionAal2(tx, input);
  await tx
    .update(refreshTokens)
    .set({ revoked: true, updatedAt: now })
    .where(and(eq(refreshTokens.sessionId, auth.sessionId), eq(refreshTokens.revoked, false)));
  const refresh = createOpaqueToken();
  await tx.insert(refreshTokens).values({
    tokenHash: refresh.hash,
    userId: auth.user.id,
    sessionId: auth.sessionId,
    createdAt: now,
    updatedAt: now,
  });
  return sessionResponse({ deps, db: tx, userId: auth.user.id, session, refreshToken: refresh.token });
}

/**
 * Only the session row's part of raiseSession: `method` joins `amr` and the row says aal2. On
 * its own (a passkey added through /passkeys, whose answer carries no tokens) the client's
 * next refresh brings tokens that say aal2; the row decides the level meanwhile.
 */
export async function markSessionAal2(
  tx: Tx,
  input: { auth: Authenticated; method: string; now: Date },
): Promise<typeof sessions.$inferSelect> {
  const { auth, method, now } = input;
  const amr = [
    ...auth.session.amr.filter((m) => m.method !== method),
    { method, timestamp: Math.floor(now.getTime() / 1000) },
  ];
  const [session] = await tx
    .update(sessions)
    .set({ aal: "aal2", amr, updatedAt: now, refreshedAt: now })
    .where(eq(sessions.id, auth.sessionId))
    .returning();
  return session!;
}
