import * as oidc from "openid-client";
import { lt } from "drizzle-orm";
import { oauthFlows } from "../../db/schema.ts";
import type { AuthDeps } from "../auth-deps.ts";
import { validationFailed } from "../gotrue-error.ts";
import { safeRedirect } from "../links/safe-redirect.ts";
import { hashToken } from "../tokens/opaque-token.ts";
import { textProblem } from "../users/text-problem.ts";

/** Extra authorisation parameters a client may pass on to the provider; anything else could change the flow itself. */
const FORWARDED = [
  "prompt",
  "login_hint",
  "hd",
  "access_type",
  "ui_locales",
  "display",
  "max_age",
  "acr_values",
  "domain_hint",
];

/** A sign-in left unfinished this long is forgotten (ms). */
export const OIDC_FLOW_LIFETIME_MS = 10 * 60 * 1000;

export interface AuthorizeQuery {
  provider?: string;
  redirect_to?: string;
  scopes?: string;
  code_challenge?: string;
  code_challenge_method?: string;
  [extra: string]: string | undefined;
}

/**
 * GET /authorize: remembers the sign-in (the client's PKCE challenge, where to return, our own
 * state, nonce and PKCE verifier towards the provider) and returns the provider's authorisation
 * URL. Without a code_challenge the callback answers in the implicit shape (tokens in the fragment).
 */
export async function startOidcSignIn(
  deps: AuthDeps,
  input: { query: AuthorizeQuery; userAgent?: string },
): Promise<string> {
  const { query } = input;
  const provider = query.provider ? deps.oidcProviders.get(query.provider.toLowerCase()) : undefined;
  if (!provider) throw validationFailed("Unsupported provider: provider is not enabled");
  const challenge = clientChallenge(query);
  const redirectTo = safeRedirect(query.redirect_to, deps.config.SITE_URL, "/login");
  const scopes = [...new Set([...provider.config.scopes, ...scopesOf(query.scopes)])];

  const configuration = await provider.discover();
  const state = oidc.randomState();
  const nonce = oidc.randomNonce();
  const verifier = oidc.randomPKCECodeVerifier();
  const now = deps.clock.now();
  await deps.db.delete(oauthFlows).where(lt(oauthFlows.createdAt, new Date(now.getTime() - 24 * 60 * 60 * 1000)));
  await deps.db.insert(oauthFlows).values({
    provider: provider.config.name,
    stateHash: hashToken(state),
    nonce,
    providerVerifier: verifier,
    codeChallenge: challenge?.challenge ?? null,
    codeChallengeMethod: challenge?.method ?? null,
    redirectTo,
    userAgent: input.userAgent?.slice(0, 512) ?? null,
    createdAt: now,
  });

  const extra: Record<string, string> = {};
  for (const name of FORWARDED) {
    const value = query[name];
    if (typeof value === "string" && value.length <= 500 && !textProblem(value)) extra[name] = value;
  }
  const url = oidc.buildAuthorizationUrl(configuration, {
    ...extra,
    redirect_uri: `${deps.config.SITE_URL}/auth/v1/callback`,
    scope: scopes.join(" "),
    state,
    nonce,
    code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
    code_challenge_method: "S256",
  });
  return url.toString();
}

function clientChallenge(query: AuthorizeQuery): { challenge: string; method: "s256" | "plain" } | null {
  const challenge = query.code_challenge;
  if (challenge === undefined || challenge === "") return null;
  // RFC 7636: 43 to 128 characters of [A-Za-z0-9-._~].
  if (!/^[A-Za-z0-9\-._~]{43,128}$/.test(challenge))
    throw validationFailed("code_challenge must be 43 to 128 characters of A-Z, a-z, 0-9, -, ., _ or ~");
  const method = (query.code_challenge_method ?? "s256").toLowerCase();
  if (method !== "s256" && method !== "plain") throw validationFailed("code_challenge_method must be s256 or plain");
  return { challenge, method };
}

function scopesOf(value: string | undefined): string[] {
  if (!value) return [];
  const scopes = value.split(/\s+/).filter(Boolean);
  if (scopes.length > 20 || scopes.some((s) => !/^[\x21\x23-\x5B\x5D-\x7E]{1,100}$/.test(s)))
    throw validationFailed("scopes must be a space-separated list of OAuth scopes");
  return scopes;
}
