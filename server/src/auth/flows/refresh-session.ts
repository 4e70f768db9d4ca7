import { and, eq, gt, isNull, or } from "drizzle-orm";
import { refreshTokens, sessions, users } from "../../db/schema.ts";
import type { AuthDeps } from "../auth-deps.ts";
import { REFRESH_REUSE_INTERVAL_MS, SESSION_INACTIVITY_TIMEOUT_MS } from "../constants.ts";
import { GoTrueError, validationFailed } from "../gotrue-error.ts";
import { endSessions } from "../sessions/end-sessions.ts";
import { sessionResponse, type SessionResponse } from "../sessions/session-response.ts";
import { createOpaqueToken, hashToken } from "../tokens/opaque-token.ts";

type Outcome = { kind: "ok"; response: SessionResponse } | { kind: "not_found" | "reused" | "expired" | "banned" };

/**
 * `grant_type=refresh_token`. Refresh tokens are single-use: each use revokes the token and
 * hands out a child. Presenting a revoked token again is treated as theft (someone holds a
 * copy) and ends the whole session, except within REFRESH_REUSE_INTERVAL_MS of its rotation,
 * when two tabs racing on one token get a sibling token instead of being signed out.
 */
export async function refreshSession({
  deps,
  refreshToken,
}: {
  deps: AuthDeps;
  refreshToken: unknown;
}): Promise<SessionResponse> {
  if (typeof refreshToken !== "string" || refreshToken === "") throw validationFailed("A refresh_token is required");
  const hash = hashToken(refreshToken);

  const outcome = await deps.db.transaction(async (tx): Promise<Outcome> => {
    const [peek] = await tx
      .select({ sessionId: refreshTokens.sessionId })
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, hash));
    if (!peek) return { kind: "not_found" };
    // Lock the session before the token, in the same order as logout, so the two cannot deadlock;
    // the session lock also serialises concurrent refreshes of one session.
    const [session] = await tx.select().from(sessions).where(eq(sessions.id, peek.sessionId)).for("update");
    const [token] = await tx.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, hash)).for("update");
    if (!session || !token || session.revokedAt) return { kind: "not_found" };

    const now = deps.clock.now();
    const end = () =>
      endSessions({ db: tx, clock: deps.clock, userId: session.userId, sessionId: session.id, scope: "local" });
    const lastUsed = session.refreshedAt ?? session.createdAt;
    if (now.getTime() - lastUsed.getTime() > SESSION_INACTIVITY_TIMEOUT_MS) {
      await end();
      return { kind: "expired" };
    }
    const [user] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, session.userId), or(isNull(users.bannedUntil), gt(users.bannedUntil, now))));
    if (!user) return { kind: "banned" };

    if (token.revoked) {
      // A revoked token's updated_at is the moment it was rotated.
      const withinReuseInterval = now.getTime() - token.updatedAt.getTime() <= REFRESH_REUSE_INTERVAL_MS;
      if (!withinReuseInterval) {
        await end();
        return { kind: "reused" };
      }
    } else {
      await tx.update(refreshTokens).set({ revoked: true, updatedAt: now }).where(eq(refreshTokens.id, token.id));
    }
    const child = createOpaqueToken();
    await tx.insert(refreshTokens).values({
      tokenHash: child.hash,
      userId: session.userId,
      sessionId: session.id,
      parentId: token.id,
      createdAt: now,
      updatedAt: now,
    });
    await tx.update(sessions).set({ refreshedAt: now, updatedAt: now }).where(eq(sessions.id, session.id));
    const response = await sessionResponse({
      deps,
      db: tx,
      userId: session.userId,
      session,
      refreshToken: child.token,
    });
    return { kind: "ok", response };
  });

  // Errors are thrown after the transaction so that ending a session on reuse is committed.
  switch (outcome.kind) {
    case "ok":
      return outcome.response;
    case "reused":
      throw new GoTrueError(400, "refresh_token_already_used", "Invalid Refresh Token: Already Used");
    case "expired":
      throw new GoTrueError(400, "session_expired", "Invalid Refresh Token: Session Expired (Inactivity)");
    case "banned":
      throw new GoTrueError(400, "user_banned", "User is banned");
    case "not_found":
      throw new GoTrueError(400, "refresh_token_not_found", "Invalid Refresh Token: Refresh Token Not Found");
  }
}
