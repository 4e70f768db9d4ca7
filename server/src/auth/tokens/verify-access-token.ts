import { errors, jwtVerify, type JWTPayload } from "jose";
import type { Clock } from "../../clock.ts";
import type { Config } from "../../config.ts";
import { AUDIENCE } from "../constants.ts";
import { GoTrueError } from "../gotrue-error.ts";
import type { KeyStore } from "../keys/key-store.ts";

export interface AccessClaims extends JWTPayload {
  sub: string;
  session_id: string;
  role: string;
  aal: "aal1" | "aal2";
  email: string;
}

/**
 * Checks signature (ES256, a key we publish), issuer, audience and expiry against the
 * injected clock. Throws GoTrue's 403 `bad_jwt`; the message says what was wrong.
 */
export async function verifyAccessToken(opts: {
  config: Config;
  clock: Clock;
  keys: KeyStore;
  token: string;
}): Promise<AccessClaims> {
  try {
    const { payload } = await jwtVerify(
      opts.token,
      (header) => {
        const key = header.kid ? opts.keys.find(header.kid) : undefined;
        if (!key) throw new GoTrueError(403, "bad_jwt", "invalid JWT: signed with an unknown or retired key");
        return key.publicKey;
      },
      {
        algorithms: ["ES256"],
        issuer: `${opts.config.SITE_URL}/auth/v1`,
        audience: AUDIENCE,
        currentDate: opts.clock.now(),
        requiredClaims: ["sub", "exp", "iat", "session_id"],
      },
    );
    if (typeof payload.sub !== "string" || typeof payload.session_id !== "string") {
      throw new GoTrueError(403, "bad_jwt", "invalid JWT: missing sub or session_id claim");
    }
    return payload as AccessClaims;
  } catch (err) {
    if (err instanceof GoTrueError) throw err;
    if (err instanceof errors.JWTExpired) {
      throw new GoTrueError(
        403,
        "bad_jwt",
        "invalid JWT: unable to parse or verify signature, token has invalid claims: token is expired",
      );
    }
    throw new GoTrueError(403, "bad_jwt", "invalid JWT: unable to parse or verify signature");
  }
}
