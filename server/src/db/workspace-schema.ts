import type { ConfirmationSettings } from "@trigger-switch/contracts";
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { ts, created, updated } from "./columns.ts";
import { users } from "./accounts-schema.ts";

/**
 * Spec §3 messages. Everything the owner wrote is ciphertext here (docs/decisions/003): the
 * columns named after the spec's fields hold AES-256-GCM output under the message's own data
 * key, which is stored wrapped by a master key (`key_id` names it, for rotation).
 */
export const messages = pgTable(
  "messages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
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
    /**
     * When the device position in the location fields was captured (PUT /messages/:id/location);
     * null for a place typed by hand. An emergency sends only a recent one (docs/decisions/008).
     */
    locatedAt: ts("located_at"),
    /** The device's reported accuracy of that position in metres, encrypted like the position; null when unknown. */
    locationAccuracy: text("location_accuracy"),
    /**
     * A sealed message's text: an ASCII-armored age file encrypted in the owner's browser with a
     * passphrase the server never sees (docs/decisions/036). Null: not sealed, the text is in
     * `text_content` under the server's key. When set, `text_content` holds the empty string.
     */
    sealedText: text("sealed_text"),
    /** The owner's hint for the passphrase, sealed with the message's data key; the server can read it. */
    sealedHint: text("sealed_hint"),
    createdAt: created(),
    updatedAt: updated(),
  },
  (t) => [index("messages_user_idx").on(t.userId, t.createdAt)],
);

/**
 * People the owner may send messages to; reusable across messages. `name` and `note` are what the
 * owner wrote about them and are sealed like a message (docs/decisions/010); the addresses stay
 * plain because every delivery needs them. A null `key_id` marks a row written in plaintext by an
 * older version; it is sealed at the next start.
 */
export const recipients = pgTable(
  "recipients",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    keyId: text("key_id"),
    wrappedKey: text("wrapped_key"),
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
    messageId: uuid("message_id")
      .notNull()
      .references(() => messages.id, { onDelete: "cascade" }),
    recipientId: uuid("recipient_id")
      .notNull()
      .references(() => recipients.id, { onDelete: "cascade" }),
    createdAt: created(),
  },
  (t) => [
    primaryKey({ columns: [t.messageId, t.recipientId] }),
    index("message_recipients_recipient_idx").on(t.recipientId),
  ],
);

/** Spec §3 message_conditions, plus `deliver_at` and `armed_at` (docs/decisions/003). */
export const messageConditions = pgTable(
  "message_conditions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    messageId: uuid("message_id")
      .notNull()
      .references(() => messages.id, { onDelete: "cascade" }),
    /** The owner, copied from the message so ownership checks and per-user lists need no join. */
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    conditionType: text("condition_type")
      .$type<"no_check_in" | "recurring_check_in" | "inactivity_to_date" | "panic_trigger">()
      .notNull(),
    active: boolean("active").notNull().default(true),
    isArmed: boolean("is_armed").notNull().default(true),
    hoursThreshold: integer("hours_threshold").notNull().default(0),
    minutesThreshold: integer("minutes_threshold").notNull().default(0),
    /** Offsets in MINUTES before the deadline, despite the spec's name. */
    reminderHours: jsonb("reminder_hours").$type<number[]>().notNull().default([]),
    /** Recipient ids this condition is limited to; empty = all of the message's recipients. */
    recipients: jsonb("recipients").$type<string[]>().notNull().default([]),
    recurringPattern: jsonb("recurring_pattern").$type<Record<string, unknown>>(),
    panicConfig: jsonb("panic_config")
      .$type<{ keep_armed?: boolean; unlock_delay_hours?: number; expiry_hours?: number }>()
      .notNull()
      .default({}),
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
    /** Who moved it: our outage (the guard) or the trusted contacts' stage (docs/decisions/041), so the owner is told why. */
    deadlineShiftReason: text("deadline_shift_reason").$type<"outage" | "trusted_contacts">(),
    /**
     * Confirm before release (docs/decisions/041): the trusted contacts in condition_contacts are
     * asked before a reached deadline releases. Null: off, the deadline releases at once.
     */
    confirmation: jsonb("confirmation").$type<ConfirmationSettings>(),
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
    messageId: uuid("message_id")
      .notNull()
      .references(() => messages.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The uploaded file name, encrypted with the message's data key. */
    fileName: text("file_name").notNull(),
    /** Detected from the content at upload, never taken from the client. */
    contentType: text("content_type").notNull(),
    sizeBytes: integer("size_bytes").notNull(),
    /** Random name of the encrypted blob in attachment storage. */
    storageKey: text("storage_key").notNull(),
    /** Where the owner put it among the message's attachments (0 first); every list orders by it, then by upload. */
    position: integer("position").notNull().default(0),
    /** The blob is an age file encrypted in the owner's browser (a sealed message), stored as it came. */
    sealed: boolean("sealed").notNull().default(false),
    createdAt: created(),
  },
  (t) => [
    index("message_attachments_message_idx").on(t.messageId),
    uniqueIndex("message_attachments_storage_key").on(t.storageKey),
  ],
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
