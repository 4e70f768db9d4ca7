import type { Db } from "../../db/connect.ts";
import type { AuthDeps } from "../auth-deps.ts";
import { signAccessToken, type SessionClaims } from "../tokens/sign-access-token.ts";
import { loadUser } from "../users/load-user.ts";
import { serializeUser } from "../users/serialize-user.ts";

export type SessionResponse = {
  access_token: string;
  token_type: "bearer";
  expires_in: number;
  expires_at: number;
  refresh_token: string;
  user: Record<string, unknown>;
};

/** GoTrue's session JSON: a fresh access token for `session`, the given refresh token, the user. */
export async function sessionResponse(opts: {
  deps: AuthDeps;
  db: Db;
  userId: string;
  session: SessionClaims;
  refreshToken: string;
}): Promise<SessionResponse> {
  const loaded = await loadUser({ db: opts.db, userId: opts.userId });
  if (!loaded) throw new Error("session for a user that does not exist");
  const { deps } = opts;
  const access = await signAccessToken({
    config: deps.config,
    clock: deps.clock,
    keys: deps.keys,
    user: loaded.user,
    session: opts.session,
  });
  return {
    access_token: access.token,
    token_type: "bearer",
    expires_in: access.expiresIn,
    expires_at: access.expiresAt,
    refresh_token: opts.refreshToken,
    user: serializeUser(loaded),
  };
}
