import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { users, sessions } from "./accounts-schema.ts";
import { created, ts, updated } from "./columns.ts";

/**
 * Second factors (GoTrue's `mfa_factors`). A TOTP factor's secret is wrapped by the master key
 * (AAD: the factor id), so a copy of the database alone cannot make codes. `phone` is for the
 * phone factor that comes with the channel layer (docs/decisions/016). A `webauthn` factor is a
 * passkey: one row serves both as second factor and for passwordless sign-in (docs/decisions/040).
 */
export const mfaFactors = pgTable(
  "mfa_factors",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    factorType: text("factor_type").$type<"totp" | "phone" | "webauthn">().notNull(),
    friendlyName: text("friendly_name"),
    status: text("status").$type<"unverified" | "verified">().notNull().default("unverified"),
    secretKeyId: text("secret_key_id"),
    secretWrapped: text("secret_wrapped"),
    phone: text("phone"),
    /** The newest TOTP time step accepted: a code is good once, and never one older than it. */
    lastUsedStep: bigint("last_used_step", { mode: "number" }),
    /** Wrong codes in a row; past a few, verification backs off (reset by a right code). */
    failedAttempts: integer("failed_attempts").notNull().default(0),
    lastFailedAt: ts("last_failed_at"),
    lastChallengedAt: ts("last_challenged_at"),
    /** Passkey only: the credential's id (base64url), as the browser names it in every assertion. */
    credentialId: text("credential_id"),
    /** Passkey only: its COSE public key (base64url). Public: it can check signatures, not make them. */
    publicKey: text("public_key"),
    /** Passkey only: the authenticator's signature counter last seen; one going backwards means a copy. */
    signCount: bigint("sign_count", { mode: "number" }),
    transports: jsonb("transports").$type<string[]>(),
    lastUsedAt: ts("last_used_at"),
    createdAt: created(),
    updatedAt: updated(),
  },
  (t) => [
    index("mfa_factors_user_idx").on(t.userId),
    uniqueIndex("mfa_factors_user_name_key").on(t.userId, sql`lower(${t.friendlyName})`),
    uniqueIndex("mfa_factors_credential_key").on(t.credentialId),
  ],
);

/** A challenge opened by one session for one factor; verifying it raises that session to aal2. */
export const mfaChallenges = pgTable(
  "mfa_challenges",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    factorId: uuid("factor_id")
      .notNull()
      .references(() => mfaFactors.id, { onDelete: "cascade" }),
    sessionId: uuid("session_id")
      .notNull()
      .references(() => sessions.id, { onDelete: "cascade" }),
    /** Phone factor only: how the code was sent (sms | whatsapp) and its SHA-256. */
    channel: text("channel"),
    codeHash: text("code_hash"),
    /** Passkey only: the random challenge (base64url) the authenticator must sign. */
    webauthnChallenge: text("webauthn_challenge"),
    expiresAt: ts("expires_at").notNull(),
    verifiedAt: ts("verified_at"),
    createdAt: created(),
  },
  (t) => [index("mfa_challenges_factor_idx").on(t.factorId)],
);

/**
 * A passwordless sign-in with a passkey in flight (POST /passkeys/authentication/options): no
 * account or session is known yet, so it is not an `mfa_challenges` row. Used once, for 5 minutes.
 */
export const passkeyChallenges = pgTable(
  "passkey_challenges",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    challenge: text("challenge").notNull(),
    expiresAt: ts("expires_at").notNull(),
    usedAt: ts("used_at"),
    createdAt: created(),
  },
  (t) => [index("passkey_challenges_created_idx").on(t.createdAt)],
);

/**
 * One OpenID Connect sign-in in flight (GoTrue's `flow_state`): what we sent the provider
 * (state, nonce, our own PKCE verifier) and what the browser's client sent us (its code
 * challenge). After the callback it holds the user and the hash of the one-time auth code.
 */
export const oauthFlows = pgTable(
  "oauth_flows",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    provider: text("provider").notNull(),
    stateHash: text("state_hash").notNull(),
    nonce: text("nonce").notNull(),
    providerVerifier: text("provider_verifier").notNull(),
    codeChallenge: text("code_challenge"),
    codeChallengeMethod: text("code_challenge_method").$type<"s256" | "plain">(),
    redirectTo: text("redirect_to").notNull(),
    userAgent: text("user_agent"),
    userId: uuid("user_id").references(() => users.id, { onDelete: "cascade" }),
    authCodeHash: text("auth_code_hash"),
    authCodeIssuedAt: ts("auth_code_issued_at"),
    usedAt: ts("used_at"),
    createdAt: created(),
  },
  (t) => [
    uniqueIndex("oauth_flows_state_key").on(t.stateHash),
    uniqueIndex("oauth_flows_auth_code_key").on(t.authCodeHash),
    index("oauth_flows_created_idx").on(t.createdAt),
  ],
);

/** The account's security log: sign-ins, failed sign-ins, factor, password and e-mail changes. */
export const securityEvents = pgTable(
  "security_events",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    ip: text("ip"),
    userAgent: text("user_agent"),
    detail: jsonb("detail").$type<Record<string, string>>().notNull().default({}),
    createdAt: created(),
  },
  (t) => [index("security_events_user_idx").on(t.userId, t.createdAt)],
);

/**
 * The last accepted POST /resend per link type and address (keyed by a hash of both, whether or
 * not an account has the address): one resend a minute, decided in one statement
 * (auth/links/claim-resend-slot.ts), so the answer can say truthfully whether a link went without
 * telling which addresses are registered (docs/decisions/017).
 */
export const resendRequests = pgTable(
  "resend_requests",
  {
    keyHash: text("key_hash").primaryKey(),
    requestedAt: ts("requested_at").notNull(),
  },
  (t) => [index("resend_requests_requested_idx").on(t.requestedAt)],
);

/**
 * Wrong passwords per address (keyed by a hash of the lower-cased address, whether or not an
 * account has it, so the limit itself does not tell which addresses are registered).
 */
export const passwordFailures = pgTable("password_failures", {
  keyHash: text("key_hash").primaryKey(),
  failures: integer("failures").notNull().default(0),
  lastFailedAt: ts("last_failed_at").notNull(),
});

/**
 * Browsers that signed in to an account with its password (an HttpOnly cookie holds the token,
 * only its hash is here). A known browser is not held back by the account's wrong-password
 * back-off, so a stranger guessing cannot lock the owner out.
 */
export const knownDevices = pgTable(
  "known_devices",
  {
    tokenHash: text("token_hash").notNull(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: created(),
    lastUsedAt: ts("last_used_at").notNull(),
  },
  // One browser may know several accounts (a shared family computer): one row per account.
  (t) => [primaryKey({ columns: [t.tokenHash, t.userId] }), index("known_devices_user_idx").on(t.userId)],
);

/**
 * Recovery codes for an account with a second factor (docs/decisions/026): ten at a time, shown
 * once, only a hash kept; each works once in place of a code from a lost phone or app.
 */
export const mfaRecoveryCodes = pgTable(
  "mfa_recovery_codes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    codeHash: text("code_hash").notNull(),
    usedAt: ts("used_at"),
    createdAt: created(),
  },
  (t) => [uniqueIndex("mfa_recovery_codes_hash_key").on(t.codeHash), index("mfa_recovery_codes_user_idx").on(t.userId)],
);

/**
 * The "This wasn't me" link of a new-device e-mail (docs/decisions/026): names the session that
 * signed in; following it ends that session or all of them. Only a hash of the link's token is kept.
 */
export const signInAlerts = pgTable(
  "sign_in_alerts",
  {
    tokenHash: text("token_hash").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    sessionId: uuid("session_id").notNull(),
    device: text("device").notNull(),
    ip: text("ip"),
    expiresAt: ts("expires_at").notNull(),
    usedAt: ts("used_at"),
    createdAt: created(),
  },
  (t) => [index("sign_in_alerts_user_idx").on(t.userId)],
);
