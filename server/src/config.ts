import path from "node:path";
import { ENGINE_OUTAGE_THRESHOLD_MS } from "@trigger-switch/contracts";
import { z } from "zod";
import { parseOidcProviders, type OidcProviderConfig } from "./auth/oidc/oidc-config.ts";

const bool = z
  .enum(["true", "false", "1", "0", "yes", "no"], { message: "must be true or false" })
  .transform((v) => v === "true" || v === "1" || v === "yes");

const templateName = z
  .string()
  .regex(/^[a-z0-9_]{1,512}$/, "must be a template name: lower-case letters, digits and underscores");

const emailList = z
  .string()
  .transform((v) =>
    v
      .split(",")
      .map((s) => s.trim().toLowerCase())
      .filter(Boolean),
  )
  .pipe(z.array(z.email({ message: "must be a comma-separated list of e-mail addresses" })));

/** Every setting the server reads, with its default. Parsed once at start; a bad value stops the start. */
const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  /** HTTP port (default 3000). */
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** Behind a reverse proxy: trust X-Forwarded-For for client IPs (rate limits). Default false, so clients cannot spoof it. */
  TRUST_PROXY: bool.default(false),
  /** Interface to listen on (default 0.0.0.0). */
  HOST: z.string().min(1).default("0.0.0.0"),
  /** Where the embedded database, signing keys, uploads and the outbox live (default ./data). */
  DATA_DIR: z.string().min(1).default("./data"),
  /** postgres://… to use a PostgreSQL server; unset → embedded PGlite in DATA_DIR. */
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "must start with postgres:// or postgresql://")
    .optional(),
  /** Public address of the web app, used in links inside e-mails (default http://localhost:PORT). */
  SITE_URL: z.url({ message: "must be an absolute URL such as https://switch.example.com" }).optional(),
  /** smtp://user:pass@host:port or smtps://…; unset → mail is kept in the local outbox. */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, "must start with smtp:// or smtps://")
    .optional(),
  /** Sender of every e-mail (default "Trigger Switch <no-reply@localhost>"). */
  MAIL_FROM: z.string().min(3).default("Trigger Switch <no-reply@localhost>"),
  /** Confirm new accounts without an e-mail round trip (default false). */
  AUTH_AUTOCONFIRM: bool.default(false),
  /** E-mail addresses with the admin role (comma-separated, default none). */
  ADMIN_EMAILS: emailList.default([]),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /** PEM (PKCS#8) ES256 private key; unset → generated on first start and kept in DATA_DIR. */
  JWT_PRIVATE_KEY: z.string().includes("PRIVATE KEY", { message: "must be a PEM private key" }).optional(),
  /** Access-token lifetime in seconds (default 3600). */
  JWT_EXPIRY: z.coerce.number().int().min(30).max(86_400).default(3600),
  /** Minimum password length (default 8). */
  PASSWORD_MIN_LENGTH: z.coerce.number().int().min(6).max(72).default(8),
  /** Public anonymous key the web client sends as `apikey` (default a fixed local value). */
  ANON_KEY: z.string().min(1).default("trigger-switch-anon-key"),
  /** Largest avatar upload in bytes (default 2 MiB). */
  AVATAR_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(2 * 1024 * 1024),
  /** Largest message attachment in bytes (default 25 MiB). */
  ATTACHMENT_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(25 * 1024 * 1024),
  /**
   * Master keys that wrap each message's data key: base64 of 32 bytes, or several comma-separated
   * `kid:base64` entries (the first encrypts, the others still decrypt: that is how a rotation is
   * done). Unset → generated on first start into DATA_DIR/keys/master-<kid>.key.
   */
  MASTER_KEY: z
    .string()
    .regex(
      /^\s*([A-Za-z0-9_-]+:)?[A-Za-z0-9+/=]+\s*(,\s*([A-Za-z0-9_-]+:)?[A-Za-z0-9+/=]+\s*)*$/,
      "must be base64 of 32 bytes, or comma-separated kid:base64 entries",
    )
    .optional(),
  /** What this process runs: all (default), web (HTTP only, no engine) or worker (engine; HTTP for health only). */
  ROLE: z.enum(["all", "web", "worker"]).default("all"),
  /** Pause between engine ticks in ms (default 1000). */
  ENGINE_INTERVAL_MS: z.coerce.number().int().min(50).max(60_000).default(1000),
  /** Most schedule rows one engine tick claims and commits together (default 500); a full batch makes the next tick start at once. */
  ENGINE_BATCH_SIZE: z.coerce.number().int().min(1).max(10_000).default(500),
  /** Mails one engine process sends at the same time, each on its own SMTP connection (default 8). */
  ENGINE_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(8),
  /** A heartbeat gap longer than this (ms, default 120000) is an outage: the downtime guard moves deadlines. */
  ENGINE_OUTAGE_THRESHOLD_MS: z.coerce.number().int().min(10_000).default(ENGINE_OUTAGE_THRESHOLD_MS),
  /** The most one e-mail send may take (ms, default 30000, at most 60000), connecting included; past it the connection is closed and the send retried later. */
  SMTP_SEND_TIMEOUT_MS: z.coerce.number().int().min(500).max(60_000).default(30_000),
  /** The SMTP server's limit for connecting, greeting and each reply (ms, default 10000). */
  SMTP_STEP_TIMEOUT_MS: z.coerce.number().int().min(200).max(60_000).default(10_000),
  /** Serve the built web app from web/dist (default true). */
  SERVE_WEB: bool.default(true),
  /** Mapbox access token: reverse geocoding of emergency positions and the web app's maps; unset → offline nearest-town names. */
  MAPBOX_TOKEN: z.string().min(1).optional(),
  /** Base address of the Mapbox API (default https://api.mapbox.com; tests point it at a local server). */
  MAPBOX_API_URL: z
    .url({ message: "must be an absolute URL such as https://api.mapbox.com" })
    .default("https://api.mapbox.com"),
  /**
   * The local mailbox's secret (used only without SMTP_URL, never in production): at least 24 URL-safe
   * characters. Unset → generated on first start into DATA_DIR/keys/mailbox.key; the start-up log
   * prints the mailbox's address with it.
   */
  MAILBOX_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{24,200}$/, "must be 24 to 200 letters, digits, - or _ (e.g. openssl rand -hex 24)")
    .optional(),
  /** WhatsApp Cloud API (docs/decisions/014): all four of ID, token, app secret and verify token, or none (WhatsApp off). */
  WHATSAPP_PHONE_NUMBER_ID: z
    .string()
    .regex(/^\d{5,20}$/, "must be the numeric phone number ID from the WhatsApp Manager")
    .optional(),
  /** A system user's permanent access token with whatsapp_business_messaging permission. */
  WHATSAPP_ACCESS_TOKEN: z.string().min(10, "must be the access token from the Meta app").optional(),
  /** The Meta app's secret: checks X-Hub-Signature-256 on every webhook. */
  WHATSAPP_APP_SECRET: z.string().min(8, "must be the app secret from the Meta app's basic settings").optional(),
  /** Any string you choose; Meta echoes it when you register the webhook (GET /webhooks/whatsapp). */
  WHATSAPP_VERIFY_TOKEN: z.string().min(8, "must be at least 8 characters").optional(),
  /** Base address of the Graph API with its version (default https://graph.facebook.com/v23.0; tests point it at a local server). */
  WHATSAPP_API_URL: z
    .url({ message: "must be an absolute URL such as https://graph.facebook.com/v23.0" })
    .default("https://graph.facebook.com/v23.0"),
  /** Approved template names (docs/decisions/014) and their language. */
  WHATSAPP_TEMPLATE_REMINDER: templateName.default("check_in_reminder"),
  WHATSAPP_TEMPLATE_DELIVERY: templateName.default("message_delivery"),
  WHATSAPP_TEMPLATE_VERIFICATION: templateName.default("verification_code"),
  /**
   * The owner's release notice: no default, because it is a template operators must
   * add to Meta. Unset → the notice goes by WhatsApp only inside the 24-hour window (docs/decisions/024).
   */
  WHATSAPP_TEMPLATE_RELEASE_NOTICE: templateName.optional(),
  /**
   * The owner's alert that a trusted contact asked for access (docs/decisions/041): optional like the
   * release notice. Unset → it goes by WhatsApp only inside the 24-hour window.
   */
  WHATSAPP_TEMPLATE_ACCESS_REQUEST: templateName.optional(),
  /**
   * What a trusted contact on WhatsApp is sent outside the 24-hour window (docs/decisions/041): the
   * owner's first name and a link. No default: unset, contacts cannot be invited by WhatsApp.
   */
  WHATSAPP_TEMPLATE_CONTACT_NOTICE: templateName.optional(),
  WHATSAPP_TEMPLATE_LANGUAGE: z
    .string()
    .regex(/^[a-z]{2,3}(_[A-Z]{2})?$/, "must be a template language code such as en or en_US")
    .default("en"),
  /** Twilio SMS: account SID, auth token and sender, or none (SMS off). */
  TWILIO_ACCOUNT_SID: z
    .string()
    .regex(/^AC[0-9a-fA-F]{32}$/, "must be the Account SID (AC followed by 32 hex digits)")
    .optional(),
  TWILIO_AUTH_TOKEN: z.string().min(16, "must be the account's auth token").optional(),
  /** The sending number in E.164 (+15005550006) or a Messaging Service SID (MG…). */
  TWILIO_FROM: z
    .string()
    .regex(
      /^(\+[1-9]\d{6,14}|MG[0-9a-fA-F]{32})$/,
      "must be a number in E.164 format such as +15005550006, or a Messaging Service SID (MG…)",
    )
    .optional(),
  /** Base address of Twilio's REST API (default https://api.twilio.com; tests point it at a local server). */
  TWILIO_API_URL: z
    .url({ message: "must be an absolute URL such as https://api.twilio.com" })
    .default("https://api.twilio.com"),
  /** Browser journeys and drills only: an adjustable clock moved through POST /dev/clock. Refused in production. */
  TEST_CLOCK: bool.default(false),
  /** With TEST_CLOCK: start this many ms ahead of the system clock (a drill's restart after an outage). */
  CLOCK_OFFSET_MS: z.coerce.number().int().min(0).default(0),
  // --- Plans, billing and operations (docs/decisions/018, 019) ---
  /** The plan every account has while billing is off (default plus, so a self-hoster is never held back). */
  DEFAULT_PLAN: z.enum(["free", "plus"], { message: "must be free or plus" }).default("plus"),
  /** Stripe secret key (sk_live_… / sk_test_…); with the webhook secret and the monthly price id it turns billing on. */
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_/, "must be a Stripe secret key (sk_… or rk_…)")
    .optional(),
  /** Signing secret of the /webhooks/stripe endpoint (whsec_…). */
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_/, "must be a Stripe webhook signing secret (whsec_…)")
    .optional(),
  /** Stripe price id of Plus billed monthly (price_…). */
  STRIPE_PRICE_PLUS_MONTHLY: z
    .string()
    .regex(/^price_/, "must be a Stripe price id (price_…)")
    .optional(),
  /** Stripe price id of Plus billed yearly (optional; offered next to the monthly price). */
  STRIPE_PRICE_PLUS_YEARLY: z
    .string()
    .regex(/^price_/, "must be a Stripe price id (price_…)")
    .optional(),
  /** Base address of the Stripe API (default https://api.stripe.com; tests point it at a local server). */
  STRIPE_API_URL: z
    .url({ message: "must be an absolute URL such as https://api.stripe.com" })
    .default("https://api.stripe.com"),
  // --- Web Push (docs/decisions/039) ---
  /** Web Push to the owner's devices for reminders (default true); false turns it off (e.g. no way out to the push services). */
  WEB_PUSH: bool.default(true),
  /** VAPID key pair (base64url, as `web-push generate-vapid-keys` prints); both or neither. Unset → generated on first start into DATA_DIR/keys/vapid.json. */
  VAPID_PUBLIC_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{87}$/, "must be an uncompressed P-256 public key, base64url (87 characters)")
    .optional(),
  VAPID_PRIVATE_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{43}$/, "must be a P-256 private key, base64url (43 characters)")
    .optional(),
  /** Who push services contact about our pushes: mailto:… or https://… (default mailto: the address in MAIL_FROM). */
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:[^\s@]+@[^\s@]+|https:\/\/\S+)$/, "must be mailto:you@example.com or an https:// address")
    .optional(),
  /** Bearer token that opens GET /metrics; unset → /metrics is off (404). */
  METRICS_TOKEN: z.string().min(16, "must be at least 16 characters").optional(),
});

export type Config = Omit<z.infer<typeof envSchema>, "SITE_URL" | "DATA_DIR"> & {
  SITE_URL: string;
  DATA_DIR: string;
  /** True while mail goes to the local outbox rather than an SMTP server. */
  usesOutbox: boolean;
  /** OpenID Connect sign-in providers from OIDC_<NAME>_* variables (auth/oidc/oidc-config.ts). */
  oidcProviders: OidcProviderConfig[];
  /** WhatsApp Cloud API settings when all four are set, else null (WhatsApp is off). */
  whatsapp: WhatsAppConfig | null;
  /** Twilio settings when all three are set, else null (SMS is off). */
  twilio: TwilioConfig | null;
};

export interface WhatsAppConfig {
  phoneNumberId: string;
  accessToken: string;
  appSecret: string;
  verifyToken: string;
  apiUrl: string;
  /** The optional templates are null when their setting is unset: that notice then has no template. */
  templates: {
    reminder: string;
    delivery: string;
    verification: string;
    release_notice: string | null;
    access_request: string | null;
    contact_notice: string | null;
    language: string;
  };
}

export interface TwilioConfig {
  accountSid: string;
  authToken: string;
  from: string;
  apiUrl: string;
}

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // Empty strings from shell files mean "unset", not "invalid".
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ""));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const c = parsed.data;
  if (c.TEST_CLOCK && c.NODE_ENV === "production")
    throw new ConfigError(
      "Invalid configuration:\n  TEST_CLOCK: a test clock cannot run in production (NODE_ENV=production)",
    );
  if (c.CLOCK_OFFSET_MS > 0 && !c.TEST_CLOCK)
    throw new ConfigError("Invalid configuration:\n  CLOCK_OFFSET_MS: needs TEST_CLOCK=true");
  // Billing is all or nothing: half a configuration would take money without knowing who paid.
  const stripe = {
    STRIPE_SECRET_KEY: c.STRIPE_SECRET_KEY,
    STRIPE_WEBHOOK_SECRET: c.STRIPE_WEBHOOK_SECRET,
    STRIPE_PRICE_PLUS_MONTHLY: c.STRIPE_PRICE_PLUS_MONTHLY,
  };
  const missing = Object.entries(stripe)
    .filter(([, v]) => !v)
    .map(([k]) => k);
  if (missing.length > 0 && (missing.length < 3 || c.STRIPE_PRICE_PLUS_YEARLY)) {
    throw new ConfigError(
      `Invalid configuration:\n  ${missing.join(", ")}: billing needs STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET and STRIPE_PRICE_PLUS_MONTHLY together (or none of them)`,
    );
  }
  const oidc = parseOidcProviders(cleaned);
  if (oidc.problems.length > 0)
    throw new ConfigError(`Invalid configuration:\n${oidc.problems.map((p) => `  ${p}`).join("\n")}`);
  const whatsapp = allOrNone(
    c,
    ["WHATSAPP_PHONE_NUMBER_ID", "WHATSAPP_ACCESS_TOKEN", "WHATSAPP_APP_SECRET", "WHATSAPP_VERIFY_TOKEN"],
    "WhatsApp",
  );
  const twilio = allOrNone(c, ["TWILIO_ACCOUNT_SID", "TWILIO_AUTH_TOKEN", "TWILIO_FROM"], "SMS");
  if (!c.VAPID_PUBLIC_KEY !== !c.VAPID_PRIVATE_KEY)
    throw new ConfigError(
      "Invalid configuration:\n  VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY: give both halves of the key pair, or neither to use the one in DATA_DIR/keys",
    );
  return {
    ...c,
    oidcProviders: oidc.providers,
    whatsapp: whatsapp
      ? {
          phoneNumberId: whatsapp.WHATSAPP_PHONE_NUMBER_ID,
          accessToken: whatsapp.WHATSAPP_ACCESS_TOKEN,
          appSecret: whatsapp.WHATSAPP_APP_SECRET,
          verifyToken: whatsapp.WHATSAPP_VERIFY_TOKEN,
          apiUrl: c.WHATSAPP_API_URL.replace(/\/+$/, ""),
          templates: {
            reminder: c.WHATSAPP_TEMPLATE_REMINDER,
            delivery: c.WHATSAPP_TEMPLATE_DELIVERY,
            verification: c.WHATSAPP_TEMPLATE_VERIFICATION,
            release_notice: c.WHATSAPP_TEMPLATE_RELEASE_NOTICE ?? null,
            access_request: c.WHATSAPP_TEMPLATE_ACCESS_REQUEST ?? null,
            contact_notice: c.WHATSAPP_TEMPLATE_CONTACT_NOTICE ?? null,
            language: c.WHATSAPP_TEMPLATE_LANGUAGE,
          },
        }
      : null,
    twilio: twilio
      ? {
          accountSid: twilio.TWILIO_ACCOUNT_SID,
          authToken: twilio.TWILIO_AUTH_TOKEN,
          from: twilio.TWILIO_FROM,
          apiUrl: c.TWILIO_API_URL.replace(/\/+$/, ""),
        }
      : null,
    DATA_DIR: path.resolve(c.DATA_DIR),
    SITE_URL: (c.SITE_URL ?? `http://localhost:${c.PORT}`).replace(/\/+$/, ""),
    usesOutbox: !c.SMTP_URL,
  };
}

/**
 * A provider is on only when every one of its settings is given. Some but not all is a mistake
 * worth stopping for: a half-configured channel would look on and silently fail.
 */
function allOrNone<K extends string>(
  env: Partial<Record<K, string>>,
  keys: readonly K[],
  what: string,
): Record<K, string> | null {
  const missing = keys.filter((k) => !env[k]);
  if (missing.length === keys.length) return null;
  if (missing.length > 0)
    throw new ConfigError(
      `Invalid configuration:\n  ${missing.join(", ")}: ${what} needs ${keys.join(", ")} together (set all of them, or none to leave ${what} off)`,
    );
  return env as Record<K, string>;
}
