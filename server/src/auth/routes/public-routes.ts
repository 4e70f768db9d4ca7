import type { FastifyInstance } from "fastify";
import type { AuthDeps } from "../auth-deps.ts";

/** Routes anyone may call: settings, health and the public signing keys. */
export function publicRoutes(app: FastifyInstance, deps: AuthDeps): void {
  app.get("/settings", async () => ({
    external: {
      anonymous_users: false,
      apple: false,
      azure: false,
      bitbucket: false,
      discord: false,
      facebook: false,
      figma: false,
      github: false,
      gitlab: false,
      google: false,
      keycloak: false,
      linkedin_oidc: false,
      notion: false,
      slack_oidc: false,
      spotify: false,
      twitch: false,
      twitter: false,
      workos: false,
      zoom: false,
      email: true,
      phone: false,
      // Configured OpenID Connect providers (OIDC_<NAME>_ISSUER): the sign-in page shows a button for each.
      ...Object.fromEntries([...deps.oidcProviders.keys()].map((name) => [name, true])),
    },
    password_min_length: deps.config.PASSWORD_MIN_LENGTH,
    disable_signup: false,
    mailer_autoconfirm: deps.config.AUTH_AUTOCONFIRM,
    phone_autoconfirm: false,
    sms_provider: "",
    saml_enabled: false,
    // Ours: how the phone factor can send codes here (empty: no SMS or WhatsApp provider, no phone factor).
    mfa_phone_channels: (["sms", "whatsapp"] as const).filter((c) => deps.channels[c].available),
  }));

  app.get("/health", async () => ({
    version: "0.1.0",
    name: "GoTrue",
    description: "Trigger Switch auth service, speaking the subset of the GoTrue API its web app uses",
  }));

  // auth-js caches this for 10 minutes; we let HTTP caches do the same. A rotated-out key stays
  // listed for a full token lifetime, so a cached copy never lacks a key that still verifies.
  app.get("/.well-known/jwks.json", async (_req, reply) => {
    return reply.header("cache-control", "public, max-age=600").send({ keys: deps.keys.jwks() });
  });
}
