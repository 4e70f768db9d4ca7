import http from "node:http";
import type { AddressInfo } from "node:net";
import Provider from "oidc-provider";

export interface TestOidcAccount {
  sub: string;
  email: string;
  email_verified: boolean;
  name?: string;
  given_name?: string;
  family_name?: string;
}

export interface TestOidcProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Env for the server under test: OIDC_<NAME>_ISSUER, _CLIENT_ID, _CLIENT_SECRET. */
  env(name: string): Record<string, string>;
  /** Registers the callback of a server started after the provider (its port was not known yet). */
  allowRedirect(uri: string): void;
  close(): Promise<void>;
}

/**
 * A real OpenID provider (`oidc-provider`) on loopback, for the server tests and the browser
 * journeys. Its login page is one button: "Continue as <email>", for the account named by the
 * `login_hint` the client passed through /authorize (`unverified:` before the address makes its
 * e-mail unverified). `autoLogin` skips the page (server tests without a browser).
 */
export async function startOidcProvider(
  opts: { port?: number; redirectUris?: string[]; autoLogin?: boolean } = {},
): Promise<TestOidcProvider> {
  const clientId = "trigger-switch-test";
  const clientSecret = "a-test-client-secret-that-is-long-enough";
  const accounts = new Map<string, TestOidcAccount>();
  const accountFor = (hint: string | undefined): TestOidcAccount => {
    const raw = hint && hint.includes("@") ? hint : "ada@provider.example";
    const unverified = raw.startsWith("unverified:");
    const email = raw.replace(/^unverified:/, "");
    const sub = `${unverified ? "u" : "v"}-${email}`;
    const account = {
      sub,
      email,
      email_verified: !unverified,
      name: "Ada Provider",
      given_name: "Ada",
      family_name: "Provider",
    };
    accounts.set(sub, account);
    return account;
  };

  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, "127.0.0.1", resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const redirectUris = [...(opts.redirectUris ?? [])];
  // Static clients are read when the provider is made, so it is made again when a redirect is added.
  const build = () =>
    new Provider(issuer, {
      clients: [
        {
          client_id: clientId,
          client_secret: clientSecret,
          redirect_uris: redirectUris,
          token_endpoint_auth_method: "client_secret_post",
        },
      ],
      claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["name", "given_name", "family_name"] },
      scopes: ["openid", "email", "profile"],
      findAccount: (_ctx, sub) => {
        const account = accounts.get(sub);
        return account ? { accountId: sub, claims: () => ({ ...account }) } : undefined;
      },
      interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
      features: { devInteractions: { enabled: false } },
      cookies: { keys: ["test-provider-cookie-key"] },
      pkce: { required: () => true },
      ttl: { Interaction: 600, Session: 3600, Grant: 3600, AuthorizationCode: 60, IdToken: 600, AccessToken: 600 },
    });
  let provider = build();
  let callback = provider.callback();

  server.on("request", (req, res) => {
    const match = /^\/interaction\/([^/?]+)(\/continue)?/.exec(req.url ?? "");
    if (!match) return callback(req, res);
    void (async () => {
      try {
        const details = await provider.interactionDetails(req, res);
        const account = accountFor(details.params.login_hint as string | undefined);
        if (details.prompt.name === "login") {
          if (!opts.autoLogin && !match[2]) {
            res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
            res.end(
              `<!doctype html><title>Test provider</title><h1>Test OpenID provider</h1><form method="post" action="/interaction/${details.uid}/continue"><button>Continue as ${account.email}</button></form>`,
            );
            return;
          }
          await provider.interactionFinished(
            req,
            res,
            { login: { accountId: account.sub } },
            { mergeWithLastSubmission: false },
          );
          return;
        }
        // Consent: grant what was asked.
        const grant = new provider.Grant({ accountId: details.session!.accountId, clientId });
        grant.addOIDCScope(String(details.params.scope));
        const grantId = await grant.save();
        await provider.interactionFinished(req, res, { consent: { grantId } }, { mergeWithLastSubmission: true });
      } catch (err) {
        res.writeHead(500, { "content-type": "text/plain" });
        res.end(String(err));
      }
    })();
  });

  return {
    issuer,
    clientId,
    clientSecret,
    env: (name) => ({
      [`OIDC_${name}_ISSUER`]: issuer,
      [`OIDC_${name}_CLIENT_ID`]: clientId,
      [`OIDC_${name}_CLIENT_SECRET`]: clientSecret,
    }),
    allowRedirect(uri) {
      redirectUris.push(uri);
      provider = build();
      callback = provider.callback();
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
