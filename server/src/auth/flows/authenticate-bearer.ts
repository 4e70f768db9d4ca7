import { and, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "../../db/connect.ts";
import { mfaFactors, sessions, users } from "../../db/schema.ts";
import type { AuthDeps } from "../auth-deps.ts";
import { GoTrueError } from "../gotrue-error.ts";
import type { SessionRow } from "../sessions/start-session.ts";
import type { UserRow } from "../users/load-user.ts";
import type { AccessClaims } from "../tokens/verify-access-token.ts";
import { verifyAccessTokenCached } from "../tokens/verified-tokens.ts";

export interface Authenticated {
  claims: AccessClaims;
  user: UserRow;
  session: SessionRow;
  sessionId: string;
  aal: "aal1" | "aal2";
  /** The account has a verified second factor, so aal2 is its next level (spec §4). */
  hasVerifiedFactor: boolean;
}

/**
 * The live session named by a token, with its user and whether they have a verified factor: one
 * prepared statement per database handle (parsed once per connection, not rebuilt per request).
 */
const lookups = new WeakMap<Db, ReturnType<typeof prepareSessionLookup>>();
function prepareSessionLookup(db: Db) {
  return db
    .select({
      user: users,
      session: sessions,
      hasVerifiedFactor: sql<boolean>`exists (select 1 from ${mfaFactors} where ${mfaFactors.userId} = ${users.id} and ${mfaFactors.status} = 'verified')`,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.id, sql.placeholder("sessionId")),
        eq(sessions.userId, sql.placeholder("userId")),
        isNull(sessions.revokedAt),
      ),
    )
    .prepare("auth_live_session");
}
function sessionLookup(db: Db) {
  let lookup = lookups.get(db);
  if (!lookup) lookups.set(db, (lookup = prepareSessionLookup(db)));
  return lookup;
}

/**
 * `Authorization: Bearer <access token>`: a valid signature and expiry are not enough — the
 * session named in the token must still be live, so signing out (or a detected refresh-token
 * theft) stops its access tokens at once instead of when they expire. The session row, not the
 * token, says which assurance level was reached.
 * Throws GoTrue's errors: 401 no_authorization, 403 bad_jwt, 403 session_not_found.
 */
export async function authenticateBearer(deps: AuthDeps, authorization: string | undefined): Promise<Authenticated> {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? "");
  if (!match) throw new GoTrueError(401, "no_authorization", "This endpoint requires a valid Bearer token");
  const claims = await verifyAccessTokenCached({
    config: deps.config,
    clock: deps.clock,
    keys: deps.keys,
    token: match[1]!,
  });

  const [row] = await sessionLookup(deps.db).execute({ sessionId: claims.session_id, userId: claims.sub });
  if (!row) throw new GoTrueError(403, "session_not_found", "Session from session_id claim in JWT does not exist");
  if (row.user.bannedUntil && row.user.bannedUntil.getTime() > deps.clock.now().getTime()) {
    throw new GoTrueError(403, "user_banned", "User is banned");
  }
  return {
    claims,
    user: row.user,
    session: row.session,
    sessionId: claims.session_id,
    aal: row.session.aal === "aal2" ? "aal2" : "aal1",
    hasVerifiedFactor: row.hasVerifiedFactor === true,
  };
}
