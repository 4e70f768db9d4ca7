import type { Clock } from "../../clock.ts";
import type { Config } from "../../config.ts";
import { GoTrueError } from "../gotrue-error.ts";
import type { KeyStore } from "../keys/key-store.ts";
import { verifyAccessToken, type AccessClaims } from "./verify-access-token.ts";

/** Enough for every token in use by a busy process's clients; the oldest entry makes way. */
const MAX_ENTRIES = 10_000;

interface Entry {
  kid: string;
  claims: AccessClaims;
}

// One cache per key store, i.e. per auth service (tests run several apps in one process).
const caches = new WeakMap<KeyStore, Map<string, Entry>>();

/**
 * verifyAccessToken, with the signature check remembered per token string: ES256 verification
 * was the largest part of a check-in's own CPU time (docs/benchmarks.md). Only what cannot change
 * for a given string is remembered — that its signature, issuer and audience were good. Every
 * call still checks that the signing key is still accepted (a removed or long-retired key stops
 * its tokens), and expiry and not-before against the clock. Whether the SESSION is still live is
 * never cached: authenticateBearer reads it from the database on every request.
 */
export async function verifyAccessTokenCached(opts: {
  config: Config;
  clock: Clock;
  keys: KeyStore;
  token: string;
}): Promise<AccessClaims> {
  let cache = caches.get(opts.keys);
  if (!cache) caches.set(opts.keys, (cache = new Map()));
  const hit = cache.get(opts.token);
  if (!hit) {
    const claims = Object.freeze(await verifyAccessToken(opts));
    const kid = headerKid(opts.token);
    if (kid !== null) {
      if (cache.size >= MAX_ENTRIES) cache.delete(cache.keys().next().value!);
      cache.set(opts.token, { kid, claims });
    }
    return claims;
  }
  const now = Math.floor(opts.clock.now().getTime() / 1000); // as jose compares
  if (!opts.keys.find(hit.kid)) {
    cache.delete(opts.token);
    throw new GoTrueError(403, "bad_jwt", "invalid JWT: signed with an unknown or retired key");
  }
  if (typeof hit.claims.exp === "number" && hit.claims.exp <= now) {
    cache.delete(opts.token);
    throw new GoTrueError(
      403,
      "bad_jwt",
      "invalid JWT: unable to parse or verify signature, token has invalid claims: token is expired",
    );
  }
  if (typeof hit.claims.nbf === "number" && hit.claims.nbf > now)
    throw new GoTrueError(403, "bad_jwt", "invalid JWT: unable to parse or verify signature");
  return hit.claims;
}

function headerKid(token: string): string | null {
  try {
    const header = JSON.parse(Buffer.from(token.split(".")[0]!, "base64url").toString("utf8")) as { kid?: unknown };
    return typeof header.kid === "string" ? header.kid : null;
  } catch {
    return null;
  }
}
