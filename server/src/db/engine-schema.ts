import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { ts, created, updated } from "./columns.ts";
import { users } from "./accounts-schema.ts";
import { messages, recipients, messageConditions } from "./workspace-schema.ts";

/**
 * Spec §3 reminder_schedule: what the engine will do and when; it is also the work queue.
 * status: pending → claimed (a worker holds it until `locked_until`) → sent | obsolete | parked;
 * an admin may put a parked row back to pending (retry) or end it as discarded (docs/decisions/019).
 * A failed attempt puts it back to pending with a later `next_attempt_at` (docs/decisions/005).
 */
export const reminderSchedule = pgTable(
  "reminder_schedule",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    messageId: uuid("message_id")
      .notNull()
      .references(() => messages.id, { onDelete: "cascade" }),
    conditionId: uuid("condition_id")
      .notNull()
      .references(() => messageConditions.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    scheduledAt: ts("scheduled_at").notNull(),
    /** The deadline this row belongs to; a row whose deadline is no longer the condition's is obsolete. */
    deadline: ts("deadline").notNull(),
    reminderType: text("reminder_type").$type<"reminder" | "final_delivery">().notNull(),
    /** Minutes before the deadline (reminders); 0 for the final delivery. */
    offsetMinutes: integer("offset_minutes").notNull().default(0),
    status: text("status")
      .$type<"pending" | "claimed" | "sent" | "obsolete" | "parked" | "discarded">()
      .notNull()
      .default("pending"),
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
    // The claim reads each priority's due rows in due order (claim-due-work.ts).
    index("reminder_schedule_pending_priority_idx")
      .on(t.deliveryPriority, t.nextAttemptAt)
      .where(sql`status = 'pending'`),
    index("reminder_schedule_condition_idx").on(t.conditionId, t.status),
    index("reminder_schedule_message_idx").on(t.messageId),
  ],
);

/** Spec §3 sent_reminders: one row per thing sent for a deadline; the unique key stops a second one. */
export const sentReminders = pgTable(
  "sent_reminders",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    messageId: uuid("message_id")
      .notNull()
      .references(() => messages.id, { onDelete: "cascade" }),
    conditionId: uuid("condition_id")
      .notNull()
      .references(() => messageConditions.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
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
 * A `notice` (owner/admin notice: outage, parked, failures, plan changes — engine/owner-notices.ts)
 * has no schedule row: it is queued on its own (`next_attempt_at`, a lease in `locked_until`/`claimed_by`)
 * and carries its mail sealed like the outbox (docs/decisions/012).
 */
export const deliveries = pgTable(
  "deliveries",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    reminderId: uuid("reminder_id").references(() => reminderSchedule.id, { onDelete: "cascade" }),
    kind: text("kind").$type<"reminder" | "release" | "release_notice" | "notice">().notNull(),
    recipientId: uuid("recipient_id").references(() => recipients.id, { onDelete: "set null" }),
    grantId: uuid("grant_id"),
    address: text("address").notNull(),
    /** "email"; an owner's notice may go by "whatsapp" or "sms" (engine/owner-notices.ts). */
    channel: text("channel").$type<"email" | "whatsapp" | "sms">().notNull().default("email"),
    idempotencyKey: text("idempotency_key").notNull(),
    /** `discarded`: a failed notice an admin gave up for good (docs/decisions/019); never claimed again. */
    status: text("status").$type<"pending" | "sent" | "failed" | "discarded">().notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    /** The access token of a release, sealed by the master key, so a retry sends the same link. */
    sealedToken: text("sealed_token"),
    tokenKeyId: text("token_key_id"),
    lastError: text("last_error"),
    sentAt: ts("sent_at"),
    createdAt: created(),
    // Notices queued on their own (docs/decisions/012-engine-throughput-and-notices.md).
    /** The owner a notice is for (null: an admin notice); their notices go with their account. */
    userId: uuid("user_id").references(() => users.id, { onDelete: "cascade" }),
    nextAttemptAt: ts("next_attempt_at"),
    lockedUntil: ts("locked_until"),
    claimedBy: text("claimed_by"),
    /** A notice's mail ({subject, text, html} as JSON), sealed with its own data key (crypto/record-cipher.ts). */
    sealedMail: text("sealed_mail"),
    mailKeyId: text("mail_key_id"),
    mailWrappedKey: text("mail_wrapped_key"),
  },
  (t) => [
    uniqueIndex("deliveries_idempotency_key").on(t.idempotencyKey),
    index("deliveries_reminder_idx").on(t.reminderId),
    // Notices queued on their own, and owners' release notices still to send (due once their
    // release is settled, engine/release-notices.ts): two queues, so neither claim reads the other's
    // rows, and a burst's release notices never stand in front of a contact's question.
    index("deliveries_notice_due_idx")
      .on(t.status, t.nextAttemptAt)
      .where(sql`${t.nextAttemptAt} is not null and ${t.kind} = 'notice'`),
    index("deliveries_release_notice_pending_idx")
      .on(t.createdAt)
      .where(sql`${t.kind} = 'release_notice' and ${t.status} = 'pending'`),
  ],
);

/** Spec §3 reminder_delivery_log: one row per delivery attempt, whatever its outcome. */
export const reminderDeliveryLog = pgTable(
  "reminder_delivery_log",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    reminderId: uuid("reminder_id").references(() => reminderSchedule.id, { onDelete: "cascade" }),
    deliveryId: uuid("delivery_id").references(() => deliveries.id, { onDelete: "cascade" }),
    messageId: uuid("message_id")
      .notNull()
      .references(() => messages.id, { onDelete: "cascade" }),
    conditionId: uuid("condition_id").references(() => messageConditions.id, { onDelete: "cascade" }),
    recipient: text("recipient").notNull(),
    deliveryChannel: text("delivery_channel").notNull(),
    /** sent | failed when written; a provider's status webhook moves it on to delivered, read or failed (docs/decisions/014). */
    deliveryStatus: text("delivery_status").$type<"sent" | "delivered" | "read" | "failed">().notNull(),
    responseData: jsonb("response_data").$type<Record<string, unknown>>().notNull().default({}),
    error: text("error"),
    attempt: integer("attempt").notNull(),
    createdAt: created(),
    // Channels (docs/decisions/014, phase 2): whom this attempt was for, the provider's id its
    // status webhooks name, and when the status last changed.
    recipientId: uuid("recipient_id").references(() => recipients.id, { onDelete: "set null" }),
    providerMessageId: text("provider_message_id"),
    statusAt: ts("status_at"),
  },
  (t) => [
    index("reminder_delivery_log_message_idx").on(t.messageId, t.createdAt),
    index("reminder_delivery_log_reminder_idx").on(t.reminderId),
    index("reminder_delivery_log_provider_idx").on(t.providerMessageId),
    index("reminder_delivery_log_delivery_idx").on(t.deliveryId),
  ],
);

/** A recipient's way in to one release of a message (docs/decisions/005). Only the token's SHA-256 is kept. */
export const accessGrants = pgTable(
  "access_grants",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    tokenHash: text("token_hash").notNull(),
    messageId: uuid("message_id")
      .notNull()
      .references(() => messages.id, { onDelete: "cascade" }),
    recipientId: uuid("recipient_id").references(() => recipients.id, { onDelete: "set null" }),
    /** The release = the final_delivery row that fired; null for a grant released on a contact's request. */
    releaseId: uuid("release_id").references(() => reminderSchedule.id, { onDelete: "cascade" }),
    /** A trusted contact's grant, released on their request (docs/decisions/041); then release_id is null. */
    accessRequestId: uuid("access_request_id"),
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
  (t) => [
    uniqueIndex("access_grants_token_key").on(t.tokenHash),
    index("access_grants_message_idx").on(t.messageId),
    index("access_grants_release_idx").on(t.releaseId),
    check("access_grants_release_or_request", sql`(${t.releaseId} is null) <> (${t.accessRequestId} is null)`),
  ],
);

/** Links in reminder e-mails that check the owner in (by POST only). Only the token's SHA-256 is kept. */
export const checkInTokens = pgTable(
  "check_in_tokens",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    tokenHash: text("token_hash").notNull(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
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
