import { SignJWT } from "jose";
import type { Clock } from "../../clock.ts";
import type { Config } from "../../config.ts";
import type { users } from "../../db/schema.ts";
import { AUDIENCE } from "../constants.ts";
import type { KeyStore } from "../keys/key-store.ts";

export interface SessionClaims {
  id: string;
  aal: string;
  amr: { method: string; timestamp: number }[];
}

/** The GoTrue access-token claims, signed ES256 with the current key; `iat`/`exp` from the clock. */
export async function signAccessToken(opts: {
  config: Config;
  clock: Clock;
  keys: KeyStore;
  user: typeof users.$inferSelect;
  session: SessionClaims;
}): Promise<{ token: string; expiresAt: number; expiresIn: number }> {
  const { config, user, session } = opts;
  const iat = Math.floor(opts.clock.now().getTime() / 1000);
  const expiresIn = config.JWT_EXPIRY;
  const key = opts.keys.current();
  const token = await new SignJWT({
    email: user.email,
    phone: "",
    app_metadata: user.appMetadata,
    user_metadata: user.userMetadata,
    role: user.role,
    aal: session.aal,
    amr: session.amr,
    session_id: session.id,
    is_anonymous: false,
  })
    .setProtectedHeader({ alg: "ES256", kid: key.kid, typ: "JWT" })
    .setIssuer(`${config.SITE_URL}/auth/v1`)
    .setSubject(user.id)
    .setAudience(AUDIENCE)
    .setIssuedAt(iat)
    .setExpirationTime(iat + expiresIn)
    .sign(key.privateKey);
  return { token, expiresAt: iat + expiresIn, expiresIn };
}
