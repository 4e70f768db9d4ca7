import { sql } from "drizzle-orm";
import { bigint, bigserial, boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });
const created = () => ts("created_at").notNull().defaultNow();
const updated = () => ts("updated_at").notNull().defaultNow();

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
    userId: uuid("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    provider: text("provider").notNull(),
    providerId: text("provider_id").notNull(),
    identityData: jsonb("identity_data").$type<Record<string, unknown>>().notNull().default({}),
    lastSignInAt: ts("last_sign_in_at"),
    createdAt: created(),
    updatedAt: updated(),
  },
  (t) => [uniqueIndex("identities_provider_key").on(t.provider, t.providerId), index("identities_user_idx").on(t.userId)],
);

export const sessions = pgTable(
  "sessions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
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
    userId: uuid("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    sessionId: uuid("session_id").notNull().references(() => sessions.id, { onDelete: "cascade" }),
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
    userId: uuid("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    tokenType: text("token_type").$type<"signup" | "recovery" | "email_change">().notNull(),
    tokenHash: text("token_hash").notNull(),
    /** The address the link was sent to. */
    relatesTo: text("relates_to").notNull(),
    expiresAt: ts("expires_at").notNull(),
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
  avatarUrl: text("avatar_url"),
  createdAt: created(),
  updatedAt: updated(),
});

/** Mail kept locally when no SMTP server is configured (like Supabase's local Inbucket). */
export const mailOutbox = pgTable(
  "mail_outbox",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    to: text("to_address").notNull(),
    subject: text("subject").notNull(),
    text: text("text_body").notNull(),
    html: text("html_body"),
    createdAt: created(),
  },
  (t) => [index("mail_outbox_created_idx").on(t.createdAt)],
);

/**
 * Spec §3 messages. Everything the owner wrote is ciphertext here (docs/decisions/003): the
 * columns named after the spec's fields hold AES-256-GCM output under the message's own data
 * key, which is stored wrapped by a master key (`key_id` names it, for rotation).
 */
export const messages = pgTable(
  "messages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    keyId: text("key_id").notNull(),
    /** The per-message data key, wrapped by master key `key_id` (AAD: the message id). */
    wrappedKey: text("wrapped_key").notNull(),
    title: text("title").notNull(),
    textContent: text("text_content").notNull(),
    shareLocation: boolean("share_location").notNull().default(false),
    /** Location is personal data: each part is encrypted, null when unset. */
    locationLatitude: text("location_latitude"),
    locationLongitude: text("location_longitude"),
    locationName: text("location_name"),
    createdAt: created(),
    updatedAt: updated(),
  },
  (t) => [index("messages_user_idx").on(t.userId, t.createdAt)],
);

/** People the owner may send messages to; reusable across messages. */
export const recipients = pgTable(
  "recipients",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    email: text("email"),
    /** E.164, for WhatsApp and SMS. */
    phone: text("phone"),
    /** Preferred channels in order: "email" | "whatsapp" | "sms". */
    channels: jsonb("channels").$type<("email" | "whatsapp" | "sms")[]>().notNull(),
    note: text("note"),
    createdAt: created(),
    updatedAt: updated(),
  },
  (t) => [index("recipients_user_idx").on(t.userId)],
);

export const messageRecipients = pgTable(
  "message_recipients",
  {
    messageId: uuid("message_id").notNull().references(() => messages.id, { onDelete: "cascade" }),
    recipientId: uuid("recipient_id").notNull().references(() => recipients.id, { onDelete: "cascade" }),
    createdAt: created(),
  },
  (t) => [primaryKey({ columns: [t.messageId, t.recipientId] }), index("message_recipients_recipient_idx").on(t.recipientId)],
);

/** Spec §3 message_conditions, plus `deliver_at` and `armed_at` (docs/decisions/003). */
export const messageConditions = pgTable(
  "message_conditions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    messageId: uuid("message_id").notNull().references(() => messages.id, { onDelete: "cascade" }),
    /** The owner, copied from the message so ownership checks and per-user lists need no join. */
    userId: uuid("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    conditionType: text("condition_type").$type<"no_check_in" | "recurring_check_in" | "inactivity_to_date" | "panic_trigger">().notNull(),
    active: boolean("active").notNull().default(true),
    isArmed: boolean("is_armed").notNull().default(true),
    hoursThreshold: integer("hours_threshold").notNull().default(0),
    minutesThreshold: integer("minutes_threshold").notNull().default(0),
    /** Offsets in MINUTES before the deadline, despite the spec's name. */
    reminderHours: jsonb("reminder_hours").$type<number[]>().notNull().default([]),
    /** Recipient ids this condition is limited to; empty = all of the message's recipients. */
    recipients: jsonb("recipients").$type<string[]>().notNull().default([]),
    recurringPattern: jsonb("recurring_pattern").$type<Record<string, unknown>>(),
    panicConfig: jsonb("panic_config").$type<{ keep_armed?: boolean; unlock_delay_hours?: number; expiry_hours?: number }>().notNull().default({}),
    /** inactivity_to_date: when it goes out. */
    deliverAt: ts("deliver_at"),
    lastChecked: ts("last_checked").notNull(),
    /** When it was last armed or its timing changed: the clock's fresh start. */
    armedAt: ts("armed_at").notNull(),
    /**
     * Downtime guard (docs/decisions/005): when our outage swallowed the deadline `shifted_deadline`,
     * it is moved by `deadline_shift_ms`. It applies only while the rules still yield that very
     * deadline, so any check-in (a new deadline) makes it lapse on its own.
     */
    shiftedDeadline: ts("shifted_deadline"),
    deadlineShiftMs: bigint("deadline_shift_ms", { mode: "number" }).notNull().default(0),
    createdAt: created(),
    updatedAt: updated(),
  },
  (t) => [
    index("message_conditions_message_idx").on(t.messageId),
    index("message_conditions_user_idx").on(t.userId),
    index("message_conditions_in_force_idx").on(t.active, t.isArmed),
  ],
);

/** Files and media of a message; the bytes live in attachment storage, encrypted like the text. */
export const messageAttachments = pgTable(
  "message_attachments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    messageId: uuid("message_id").notNull().references(() => messages.id, { onDelete: "cascade" }),
    userId: uuid("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    /** The uploaded file name, encrypted with the message's data key. */
    fileName: text("file_name").notNull(),
    /** Detected from the content at upload, never taken from the client. */
    contentType: text("content_type").notNull(),
    sizeBytes: integer("size_bytes").notNull(),
    /** Random name of the encrypted blob in attachment storage. */
    storageKey: text("storage_key").notNull(),
    createdAt: created(),
  },
  (t) => [index("message_attachments_message_idx").on(t.messageId), uniqueIndex("message_attachments_storage_key").on(t.storageKey)],
);

/**
 * Check values of the master keys that have wrapped message keys in this database. At start a
 * process must hold every one of them, with the same value: otherwise (a second machine that
 * generated its own key) it would write messages its peers cannot open, or fail to open theirs.
 */
export const masterKeyChecks = pgTable("master_key_checks", {
  kid: text("kid").primaryKey(),
  fingerprint: text("fingerprint").notNull(),
  createdAt: created(),
});

/**
 * Spec §3 reminder_schedule: what the engine will do and when; it is also the work queue.
 * status: pending → claimed (a worker holds it until `locked_until`) → sent | obsolete | parked.
 * A failed attempt puts it back to pending with a later `next_attempt_at` (docs/decisions/005).
 */
export const reminderSchedule = pgTable(
  "reminder_schedule",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    messageId: uuid("message_id").notNull().references(() => messages.id, { onDelete: "cascade" }),
    conditionId: uuid("condition_id").notNull().references(() => messageConditions.id, { onDelete: "cascade" }),
    userId: uuid("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    scheduledAt: ts("scheduled_at").notNull(),
    /** The deadline this row belongs to; a row whose deadline is no longer the condition's is obsolete. */
    deadline: ts("deadline").notNull(),
    reminderType: text("reminder_type").$type<"reminder" | "final_delivery">().notNull(),
    /** Minutes before the deadline (reminders); 0 for the final delivery. */
    offsetMinutes: integer("offset_minutes").notNull().default(0),
    status: text("status").$type<"pending" | "claimed" | "sent" | "obsolete" | "parked">().notNull().default("pending"),
    deliveryPriority: text("delivery_priority").$type<"high" | "normal" | "critical">().notNull(),
    retryStrategy: text("retry_strategy").$type<"standard" | "aggressive">().notNull(),
    /** `<type>:<condition>:<deadline ISO>:<offset>`: one row per thing that may happen. */
    idempotencyKey: text("idempotency_key").notNull(),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: ts("next_attempt_at").notNull(),
    lockedUntil: ts("locked_until"),
    claimedBy: text("claimed_by"),
    /** Final delivery: when the release was committed (condition fired, grants and deliveries written). */
    releasedAt: ts("released_at"),
    lastError: text("last_error"),
    completedAt: ts("completed_at"),
    createdAt: created(),
    updatedAt: updated(),
  },
  (t) => [
    uniqueIndex("reminder_schedule_idempotency_key").on(t.idempotencyKey),
    index("reminder_schedule_due_idx").on(t.status, t.nextAttemptAt),
    index("reminder_schedule_condition_idx").on(t.conditionId, t.status),
    index("reminder_schedule_message_idx").on(t.messageId),
  ],
);

/** Spec §3 sent_reminders: one row per thing sent for a deadline; the unique key stops a second one. */
export const sentReminders = pgTable(
  "sent_reminders",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    messageId: uuid("message_id").notNull().references(() => messages.id, { onDelete: "cascade" }),
    conditionId: uuid("condition_id").notNull().references(() => messageConditions.id, { onDelete: "cascade" }),
    userId: uuid("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    deadline: ts("deadline").notNull(),
    /** "final_delivery" or "reminder:<offset minutes>". */
    kind: text("kind").notNull(),
    createdAt: created(),
  },
  (t) => [uniqueIndex("sent_reminders_once_key").on(t.conditionId, t.deadline, t.kind)],
);

/**
 * One mail that must go out (an outbox row): written before sending, marked sent after, so a crash
 * repeats at most the sends in flight. `idempotency_key` = `condition:<id>:<deadline>:<recipient>:email`.
 */
export const deliveries = pgTable(
  "deliveries",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    reminderId: uuid("reminder_id").notNull().references(() => reminderSchedule.id, { onDelete: "cascade" }),
    kind: text("kind").$type<"reminder" | "release" | "release_notice">().notNull(),
    recipientId: uuid("recipient_id").references(() => recipients.id, { onDelete: "set null" }),
    grantId: uuid("grant_id"),
    address: text("address").notNull(),
    channel: text("channel").$type<"email">().notNull().default("email"),
    idempotencyKey: text("idempotency_key").notNull(),
    status: text("status").$type<"pending" | "sent" | "failed">().notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    /** The access token of a release, sealed by the master key, so a retry sends the same link. */
    sealedToken: text("sealed_token"),
    tokenKeyId: text("token_key_id"),
    lastError: text("last_error"),
    sentAt: ts("sent_at"),
    createdAt: created(),
  },
  (t) => [uniqueIndex("deliveries_idempotency_key").on(t.idempotencyKey), index("deliveries_reminder_idx").on(t.reminderId)],
);

/** Spec §3 reminder_delivery_log: one row per delivery attempt, whatever its outcome. */
export const reminderDeliveryLog = pgTable(
  "reminder_delivery_log",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    reminderId: uuid("reminder_id").references(() => reminderSchedule.id, { onDelete: "cascade" }),
    deliveryId: uuid("delivery_id").references(() => deliveries.id, { onDelete: "cascade" }),
    messageId: uuid("message_id").notNull().references(() => messages.id, { onDelete: "cascade" }),
    conditionId: uuid("condition_id").references(() => messageConditions.id, { onDelete: "cascade" }),
    recipient: text("recipient").notNull(),
    deliveryChannel: text("delivery_channel").notNull(),
    deliveryStatus: text("delivery_status").$type<"sent" | "failed">().notNull(),
    responseData: jsonb("response_data").$type<Record<string, unknown>>().notNull().default({}),
    error: text("error"),
    attempt: integer("attempt").notNull(),
    createdAt: created(),
  },
  (t) => [index("reminder_delivery_log_message_idx").on(t.messageId, t.createdAt), index("reminder_delivery_log_reminder_idx").on(t.reminderId)],
);

/** A recipient's way in to one release of a message (docs/decisions/005). Only the token's SHA-256 is kept. */
export const accessGrants = pgTable(
  "access_grants",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    tokenHash: text("token_hash").notNull(),
    messageId: uuid("message_id").notNull().references(() => messages.id, { onDelete: "cascade" }),
    recipientId: uuid("recipient_id").references(() => recipients.id, { onDelete: "set null" }),
    /** The release = the final_delivery row that fired. */
    releaseId: uuid("release_id").notNull().references(() => reminderSchedule.id, { onDelete: "cascade" }),
    conditionId: uuid("condition_id"),
    deadline: ts("deadline").notNull(),
    releasedAt: ts("released_at").notNull(),
    opensAt: ts("opens_at").notNull(),
    /** Null: never expires. */
    expiresAt: ts("expires_at"),
    firstOpenedAt: ts("first_opened_at"),
    cancelledAt: ts("cancelled_at"),
    createdAt: created(),
  },
  (t) => [uniqueIndex("access_grants_token_key").on(t.tokenHash), index("access_grants_message_idx").on(t.messageId), index("access_grants_release_idx").on(t.releaseId)],
);

/** Links in reminder e-mails that check the owner in (by POST only). Only the token's SHA-256 is kept. */
export const checkInTokens = pgTable(
  "check_in_tokens",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    tokenHash: text("token_hash").notNull(),
    userId: uuid("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    expiresAt: ts("expires_at").notNull(),
    usedAt: ts("used_at"),
    createdAt: created(),
  },
  (t) => [uniqueIndex("check_in_tokens_hash_key").on(t.tokenHash), index("check_in_tokens_user_idx").on(t.userId)],
);

/** One row (id 1): when an engine last ticked. A gap means we were down (the downtime guard). */
export const engineHeartbeat = pgTable("engine_heartbeat", {
  id: integer("id").primaryKey(),
  lastBeatAt: ts("last_beat_at").notNull(),
  beatBy: text("beat_by"),
});
