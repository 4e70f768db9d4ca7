import { and, eq, inArray, isNull, ne, type SQL } from "drizzle-orm";
import type { Clock } from "../../clock.ts";
import type { Db } from "../../db/connect.ts";
import { refreshTokens, sessions } from "../../db/schema.ts";

export type EndScope = "global" | "local" | "others";

/**
 * Ends sessions of a user: `local` the given one, `others` all but it, `global` all.
 * An ended session's refresh tokens stop working at once, and so do its access tokens,
 * because `authenticate` checks the session on every request.
 */
export async function endSessions(opts: {
  db: Db;
  clock: Clock;
  userId: string;
  sessionId: string;
  scope: EndScope;
}): Promise<number> {
  const conditions: SQL[] = [eq(sessions.userId, opts.userId), isNull(sessions.revokedAt)];
  if (opts.scope === "local") conditions.push(eq(sessions.id, opts.sessionId));
  if (opts.scope === "others") conditions.push(ne(sessions.id, opts.sessionId));
  const now = opts.clock.now();
  const ended = await opts.db
    .update(sessions)
    .set({ revokedAt: now, updatedAt: now })
    .where(and(...conditions))
    .returning({ id: sessions.id });
  if (ended.length > 0) {
    await opts.db
      .update(refreshTokens)
      .set({ revoked: true, updatedAt: now })
      .where(
        and(
          inArray(
            refreshTokens.sessionId,
            ended.map((s) => s.id),
          ),
          eq(refreshTokens.revoked, false),
        ),
      );
  }
  return ended.length;
}
