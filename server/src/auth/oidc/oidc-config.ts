/**
 * OpenID Connect providers, from the environment (README): for each NAME (letters and digits),
 *   OIDC_<NAME>_ISSUER         the issuer URL; its /.well-known/openid-configuration is read at first use
 *   OIDC_<NAME>_CLIENT_ID      the client id registered at the provider
 *   OIDC_<NAME>_CLIENT_SECRET  its secret (unset: a public client, PKCE only)
 *   OIDC_<NAME>_SCOPES         default "openid email profile"
 * The provider is then called `name` (lower-cased) in /authorize?provider= and /settings.
 * The redirect URI to register at the provider is ${SITE_URL}/auth/v1/callback.
 */
export interface OidcProviderConfig {
  name: string;
  issuer: string;
  clientId: string;
  clientSecret?: string;
  scopes: string[];
}

/** Names a problem with the variable it came from; the caller turns them into a ConfigError. */
export function parseOidcProviders(env: Record<string, string | undefined>): {
  providers: OidcProviderConfig[];
  problems: string[];
} {
  const providers: OidcProviderConfig[] = [];
  const problems: string[] = [];
  for (const key of Object.keys(env).sort()) {
    const match = /^OIDC_([A-Z0-9]+)_ISSUER$/.exec(key);
    if (!match) continue;
    const prefix = `OIDC_${match[1]}`;
    const name = match[1]!.toLowerCase();
    const issuer = env[key]!;
    let url: URL | undefined;
    try {
      url = new URL(issuer);
    } catch {
      problems.push(`${key}: must be the provider's issuer URL, such as https://accounts.google.com`);
      continue;
    }
    // Plain http is accepted only on this machine (a test provider); anywhere else it would expose codes and tokens.
    const loopback = ["localhost", "127.0.0.1", "[::1]"].includes(url.hostname);
    if (url.protocol !== "https:" && !(url.protocol === "http:" && loopback))
      problems.push(`${key}: must be an https:// URL`);
    const clientId = env[`${prefix}_CLIENT_ID`];
    if (!clientId) problems.push(`${prefix}_CLIENT_ID: must be set when ${key} is`);
    if (name === "email" || name === "phone") problems.push(`${key}: "${name}" is a reserved provider name`);
    const scopes = (env[`${prefix}_SCOPES`] ?? "openid email profile").split(/[\s,]+/).filter(Boolean);
    if (!scopes.includes("openid")) scopes.unshift("openid");
    providers.push({
      name,
      issuer: issuer.replace(/\/+$/, ""),
      clientId: clientId ?? "",
      clientSecret: env[`${prefix}_CLIENT_SECRET`] || undefined,
      scopes,
    });
  }
  return { providers, problems };
}
