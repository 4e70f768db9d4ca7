import { sql } from "drizzle-orm";
import type { ReminderChannel } from "@trigger-switch/contracts";
import { bigint, bigserial, boolean, index, jsonb, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { ts, created, updated } from "./columns.ts";

/** Accounts of the auth service (the GoTrue `auth.users` shape, trimmed to what we serve). */
export const users = pgTable(
  "users",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    email: text("email").notNull(),
    encryptedPassword: text("encrypted_password"),
    role: text("role").notNull().default("authenticated"),
    emailConfirmedAt: ts("email_confirmed_at"),
    confirmationSentAt: ts("confirmation_sent_at"),
    recoverySentAt: ts("recovery_sent_at"),
    /** A requested new address, applied once its link is followed. */
    emailChange: text("email_change"),
    emailChangeSentAt: ts("email_change_sent_at"),
    lastSignInAt: ts("last_sign_in_at"),
    appMetadata: jsonb("raw_app_meta_data").$type<Record<string, unknown>>().notNull().default({}),
    userMetadata: jsonb("raw_user_meta_data").$type<Record<string, unknown>>().notNull().default({}),
    bannedUntil: ts("banned_until"),
    createdAt: created(),
    updatedAt: updated(),
  },
  (t) => [uniqueIndex("users_email_key").on(sql`lower(${t.email})`)],
);

export const identities = pgTable(
  "identities",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    provider: text("provider").notNull(),
    providerId: text("provider_id").notNull(),
    identityData: jsonb("identity_data").$type<Record<string, unknown>>().notNull().default({}),
    lastSignInAt: ts("last_sign_in_at"),
    createdAt: created(),
    updatedAt: updated(),
  },
  (t) => [
    uniqueIndex("identities_provider_key").on(t.provider, t.providerId),
    index("identities_user_idx").on(t.userId),
  ],
);

export const sessions = pgTable(
  "sessions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    aal: text("aal").notNull().default("aal1"),
    /** Authentication methods used, as `amr` claims: [{ method, timestamp }]. */
    amr: jsonb("amr").$type<{ method: string; timestamp: number }[]>().notNull().default([]),
    userAgent: text("user_agent"),
    ip: text("ip"),
    refreshedAt: ts("refreshed_at"),
    /** Set when the session is ended (logout, reuse detected); its tokens stop working. */
    revokedAt: ts("revoked_at"),
    createdAt: created(),
    updatedAt: updated(),
  },
  (t) => [index("sessions_user_idx").on(t.userId)],
);

/** Opaque, single-use refresh tokens; only a hash is stored. `parent` chains a session's rotations. */
export const refreshTokens = pgTable(
  "refresh_tokens",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    tokenHash: text("token_hash").notNull(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    sessionId: uuid("session_id")
      .notNull()
      .references(() => sessions.id, { onDelete: "cascade" }),
    parentId: bigint("parent_id", { mode: "number" }),
    revoked: boolean("revoked").notNull().default(false),
    createdAt: created(),
    updatedAt: updated(),
  },
  (t) => [uniqueIndex("refresh_tokens_hash_key").on(t.tokenHash), index("refresh_tokens_session_idx").on(t.sessionId)],
);

/** Links sent by e-mail (confirmation, recovery, e-mail change); only a hash is stored. */
export const oneTimeTokens = pgTable(
  "one_time_tokens",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    tokenType: text("token_type").$type<"signup" | "recovery" | "email_change">().notNull(),
    tokenHash: text("token_hash").notNull(),
    /** The address the link was sent to. */
    relatesTo: text("relates_to").notNull(),
    expiresAt: ts("expires_at").notNull(),
    /** When the link was followed, and only then (a link replaced unopened is expired instead). */
    usedAt: ts("used_at"),
    createdAt: created(),
  },
  (t) => [uniqueIndex("one_time_tokens_hash_key").on(t.tokenHash), index("one_time_tokens_user_idx").on(t.userId)],
);

/** Spec §3: looked up by id equal to the auth user id. Created at sign-up. */
export const profiles = pgTable("profiles", {
  id: uuid("id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  email: text("email").notNull(),
  firstName: text("first_name"),
  lastName: text("last_name"),
  whatsappNumber: text("whatsapp_number"),
  /** IANA zone for the times in the owner's mails; null → UTC. */
  timeZone: text("time_zone"),
  avatarUrl: text("avatar_url"),
  /** Where the owner's reminders go, all of them at once (docs/decisions/014); e-mail unless chosen otherwise. */
  reminderChannels: text("reminder_channels")
    .array()
    .$type<ReminderChannel[]>()
    .notNull()
    .default(sql`'{email}'::text[]`),
  createdAt: created(),
  updatedAt: updated(),
});

/**
 * Mail kept locally when no SMTP server is configured (like Supabase's local Inbucket). Subject and
 * bodies are sealed like a message (docs/decisions/010): a data key per mail, wrapped by master key
 * `key_id`; only the address is plain, for the mailbox's filter. A null `key_id` marks a row written
 * in plaintext by an older version; it is sealed at the next start. Purged after 7 days.
 */
export const mailOutbox = pgTable(
  "mail_outbox",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    to: text("to_address").notNull(),
    subject: text("subject").notNull(),
    text: text("text_body").notNull(),
    html: text("html_body"),
    keyId: text("key_id"),
    wrappedKey: text("wrapped_key"),
    createdAt: created(),
    /** Local mode: WhatsApp and SMS without a provider land here too, marked with their channel (docs/decisions/014). */
    channel: text("channel").$type<"email" | "whatsapp" | "sms">().notNull().default("email"),
  },
  (t) => [index("mail_outbox_created_idx").on(t.createdAt)],
);
