import crypto from "node:crypto";
import { providerLabel } from "@trigger-switch/contracts";
import * as oidc from "openid-client";
import { and, eq, gt, isNull } from "drizzle-orm";
import { oauthFlows } from "../../db/schema.ts";
import type { AuthDeps } from "../auth-deps.ts";
import { recordSecurityEvent } from "../security/security-event.ts";
import { securityMail } from "../security/security-mail.ts";
import { openSession } from "../sessions/open-session.ts";
import { hashToken } from "../tokens/opaque-token.ts";
import { findOrCreateOidcUser, type ProviderClaims } from "./find-or-create-oidc-user.ts";
import { OIDC_FLOW_LIFETIME_MS } from "./start-oidc-sign-in.ts";

/**
 * GET /callback from the provider: checks state, exchanges the code (with our PKCE verifier and
 * the nonce), finds or creates the account, and returns where the browser goes next:
 * - PKCE flow: redirect_to?code=<one-time auth code> for POST /token?grant_type=pkce;
 * - implicit flow: redirect_to#access_token=… (a session opened here);
 * - any failure: redirect_to?error=…&error_description=… (auth-js reads it there).
 * An identity newly linked to an existing account is logged and mailed to the owner.
 */
export async function finishOidcCallback(
  deps: AuthDeps,
  input: { query: Record<string, string | undefined>; ip?: string },
): Promise<string> {
  const { query } = input;
  const now = deps.clock.now();
  const [flow] = query.state
    ? await deps.db
        .update(oauthFlows)
        // Taking the state is one conditional update, so a replayed callback finds nothing.
        .set({ usedAt: now })
        .where(
          and(
            eq(oauthFlows.stateHash, hashToken(query.state)),
            isNull(oauthFlows.usedAt),
            gt(oauthFlows.createdAt, new Date(now.getTime() - OIDC_FLOW_LIFETIME_MS)),
          ),
        )
        .returning()
    : [];
  if (!flow)
    return withError(
      `${deps.config.SITE_URL}/login`,
      "invalid_request",
      "bad_oauth_state",
      "This sign-in link has expired or was already used. Please start again.",
      false,
    );
  const pkce = flow.codeChallenge !== null;
  const fail = (error: string, code: string, description: string) =>
    withError(flow.redirectTo, error, code, description, !pkce);

  if (query.error)
    return fail(
      "access_denied",
      "provider_error",
      query.error_description?.slice(0, 300) || "The sign-in was cancelled at the provider.",
    );
  const provider = deps.oidcProviders.get(flow.provider);
  if (!provider) return fail("server_error", "provider_disabled", "This sign-in provider is no longer enabled.");

  let claims: ProviderClaims;
  try {
    const configuration = await provider.discover();
    const callbackUrl = new URL(`${deps.config.SITE_URL}/auth/v1/callback`);
    for (const [k, v] of Object.entries(query)) if (v !== undefined) callbackUrl.searchParams.set(k, v);
    const tokens = await oidc.authorizationCodeGrant(configuration, callbackUrl, {
      pkceCodeVerifier: flow.providerVerifier,
      expectedState: query.state,
      expectedNonce: flow.nonce,
      idTokenExpected: true,
    });
    const idClaims = tokens.claims();
    if (!idClaims) throw new Error("no ID token");
    // Some providers put the e-mail in the ID token (Google), others only behind userinfo.
    const info =
      typeof idClaims.email === "string"
        ? idClaims
        : await oidc.fetchUserInfo(configuration, tokens.access_token, idClaims.sub);
    const text = (key: string) => {
      const value = info[key] ?? idClaims[key];
      return typeof value === "string" ? value : undefined;
    };
    claims = {
      sub: idClaims.sub,
      email: typeof info.email === "string" ? info.email : undefined,
      email_verified: info.email_verified === true,
      name: text("name"),
      given_name: text("given_name"),
      family_name: text("family_name"),
    };
  } catch {
    return fail(
      "server_error",
      "provider_exchange_failed",
      "The sign-in provider's answer could not be verified. Please try again.",
    );
  }

  const outcome = await deps.db.transaction(async (tx) => {
    const found = await findOrCreateOidcUser(tx, { provider: flow.provider, claims, now });
    if (found.kind === "refused") return found;
    if (found.user.bannedUntil && found.user.bannedUntil.getTime() > now.getTime())
      return { kind: "refused" as const, reason: "This account is blocked." };
    const origin = { ip: input.ip, userAgent: flow.userAgent ?? undefined };
    if (found.linked)
      await recordSecurityEvent({
        db: tx,
        clock: deps.clock,
        userId: found.user.id,
        kind: "identity_linked",
        origin,
        detail: { provider: providerLabel(flow.provider) },
      });
    const linkedNotice = found.linked ? { to: found.user.email } : null;
    if (pkce) {
      const authCode = crypto.randomUUID();
      await tx
        .update(oauthFlows)
        .set({ userId: found.user.id, authCodeHash: hashToken(authCode), authCodeIssuedAt: now })
        .where(eq(oauthFlows.id, flow.id));
      return { kind: "code" as const, authCode, linkedNotice };
    }
    const opened = await openSession(deps, tx, {
      userId: found.user.id,
      email: found.user.email,
      method: "oauth",
      origin,
    });
    return { kind: "session" as const, response: opened.response, notify: opened.notify, linkedNotice };
  });

  if (outcome.kind === "refused") return fail("access_denied", "identity_not_linked", outcome.reason);
  if (outcome.linkedNotice) {
    const notice = securityMail(
      outcome.linkedNotice.to,
      { kind: "identity_linked", provider: providerLabel(flow.provider), at: now },
      deps.config.SITE_URL,
    );
    deps.background.run("identity linked notice", () => deps.mailer.send(notice));
  }
  if (outcome.kind === "code") {
    const target = new URL(flow.redirectTo);
    target.searchParams.set("code", outcome.authCode);
    return target.toString();
  }
  outcome.notify();
  const fragment = new URLSearchParams({
    access_token: outcome.response.access_token,
    expires_at: String(outcome.response.expires_at),
    expires_in: String(outcome.response.expires_in),
    refresh_token: outcome.response.refresh_token,
    token_type: "bearer",
  });
  return `${flow.redirectTo}#${fragment.toString()}`;
}

/** GoTrue's error redirect: in the query for PKCE (the fragment belongs to the app), in the fragment for implicit. */
function withError(target: string, error: string, code: string, description: string, inFragment: boolean): string {
  const params = new URLSearchParams({ error, error_code: code, error_description: description });
  if (inFragment) return `${target}#${params.toString()}`;
  const url = new URL(target);
  for (const [k, v] of params) url.searchParams.set(k, v);
  return url.toString();
}
