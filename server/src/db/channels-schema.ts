import { sql } from "drizzle-orm";
import { boolean, index, integer, pgTable, primaryKey, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { ts, created } from "./columns.ts";
import { users } from "./accounts-schema.ts";

/**
 * A phone number proven to belong to one account by a one-time code (docs/decisions/014).
 * `number` is the key: one account per number, so a message from it names exactly one owner;
 * `user_id` is unique: an owner has one number. It counts only while it equals the profile's
 * `whatsapp_number` (changing that number ends the proof).
 */
export const verifiedNumbers = pgTable(
  "verified_numbers",
  {
    number: text("number").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The channel the code went through: "whatsapp" or "sms". */
    verifiedVia: text("verified_via").$type<"whatsapp" | "sms">().notNull(),
    verifiedAt: ts("verified_at").notNull(),
  },
  (t) => [uniqueIndex("verified_numbers_user_key").on(t.userId)],
);

/** One-time codes (6 digits, 10 minutes, single use, 5 tries). Only a hash of the code is kept. */
export const numberVerificationCodes = pgTable(
  "number_verification_codes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    number: text("number").notNull(),
    channel: text("channel").$type<"whatsapp" | "sms">().notNull(),
    codeHash: text("code_hash").notNull(),
    expiresAt: ts("expires_at").notNull(),
    attempts: integer("attempts").notNull().default(0),
    /** Set when the code was accepted, or replaced by a newer one: either way it works no more. */
    usedAt: ts("used_at"),
    /** The provider's id of the message that carried the code: its receipts say whether it arrived. */
    providerMessageId: text("provider_message_id"),
    createdAt: created(),
  },
  (t) => [
    index("number_verification_codes_user_idx").on(t.userId, t.createdAt),
    index("number_verification_codes_number_idx").on(t.number, t.createdAt),
  ],
);

/**
 * Every message that reached a webhook, once: the unique (channel, provider id) key is what makes
 * a replayed or re-delivered webhook check in only once. The webhook only records it (`pending`,
 * with its text) and answers; the inbox processor handles it and marks it `done` in the
 * transaction of its check-in, clearing the text, which is kept only while the message waits
 * (it may be private; docs/decisions/037).
 */
export const inboundMessages = pgTable(
  "inbound_messages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    channel: text("channel").$type<"whatsapp" | "sms">().notNull(),
    providerMessageId: text("provider_message_id").notNull(),
    fromNumber: text("from_number").notNull(),
    /** The verified owner of `from_number`, or null for an unknown sender (and while pending). */
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    /** pending (recorded, not yet handled) | done | failed (given up after repeated errors: `last_error`). */
    state: text("state").$type<"pending" | "done" | "failed">().notNull().default("pending"),
    /** checked_in | too_old (sent over 24 h before it reached us) | status | help | stopped | unsupported | unknown_sender, or a trusted contact's contact_answer | contact_too_old | contact_stopped | contact_help; null until handled. */
    outcome: text("outcome"),
    /** The text while the message waits to be handled, null after (and for kinds we do not read). */
    text: text("text"),
    /** The provider's message type (text, image, reaction…), for the log. */
    kind: text("kind"),
    /** When the person sent it, by the provider (WhatsApp's timestamp); null when it does not say. */
    sentAt: ts("sent_at"),
    receivedAt: ts("received_at").notNull(),
    /** Handling attempts that failed; the row is tried again at `next_attempt_at` (null: at once). */
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: ts("next_attempt_at"),
    lastError: text("last_error"),
    handledAt: ts("handled_at"),
  },
  (t) => [
    uniqueIndex("inbound_messages_provider_key").on(t.channel, t.providerMessageId),
    index("inbound_messages_from_idx").on(t.fromNumber, t.receivedAt),
    index("inbound_messages_pending_idx")
      .on(t.receivedAt)
      .where(sql`${t.state} = 'pending'`),
  ],
);

/** The last message each number sent us per channel: WhatsApp allows free text only for 24 hours after it. */
export const messagingWindows = pgTable(
  "messaging_windows",
  {
    channel: text("channel").$type<"whatsapp" | "sms">().notNull(),
    number: text("number").notNull(),
    lastInboundAt: ts("last_inbound_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.channel, t.number] })],
);

/**
 * Receipts from the providers' status webhooks (sent, delivered, read, failed), one row per
 * message and status. Kept apart from what was sent, keyed by the provider's id, because a status
 * can arrive before the sender has recorded that id; readers join on (channel, provider_message_id).
 */
export const channelReceipts = pgTable(
  "channel_receipts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    channel: text("channel").$type<"whatsapp" | "sms" | "email">().notNull(),
    providerMessageId: text("provider_message_id").notNull(),
    status: text("status").$type<"sent" | "delivered" | "read" | "failed">().notNull(),
    /** The provider's own word (Twilio's "undelivered", "queued"…). */
    providerStatus: text("provider_status").notNull(),
    recipient: text("recipient"),
    occurredAt: ts("occurred_at").notNull(),
    errorCode: text("error_code"),
    errorMessage: text("error_message"),
    /** For a failure: whether another attempt on this channel could succeed. */
    permanent: boolean("permanent"),
    createdAt: created(),
  },
  (t) => [
    uniqueIndex("channel_receipts_once_key").on(t.channel, t.providerMessageId, t.status),
    index("channel_receipts_message_idx").on(t.providerMessageId),
  ],
);
