import type { AccessRequestState, DeliveryChannel, TrustedContactState } from "@trigger-switch/contracts";
import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import type { StoredConfirmationState } from "../contacts/stored-stage.ts";
import { users } from "./accounts-schema.ts";
import { created, ts, updated } from "./columns.ts";
import { messageConditions, messages } from "./workspace-schema.ts";

/**
 * A trusted contact (docs/decisions/041): someone the owner named, with no account. The name is what
 * the owner wrote and is sealed like a recipient's (docs/decisions/010); the address stays plain
 * because the contact is written to. Links are stored as SHA-256 only: the single-use invitation,
 * and the contact's own page once they accept. A removed contact's row stays (without any way to
 * act) so their old links can say they are no longer a contact.
 */
export const trustedContacts = pgTable(
  "trusted_contacts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    keyId: text("key_id").notNull(),
    wrappedKey: text("wrapped_key").notNull(),
    name: text("name").notNull(),
    channel: text("channel").$type<DeliveryChannel>().notNull(),
    /** A lower-cased e-mail address, or an E.164 number for WhatsApp and SMS. */
    address: text("address").notNull(),
    state: text("state").$type<TrustedContactState>().notNull().default("invited"),
    invitationHash: text("invitation_hash").notNull(),
    invitationExpiresAt: ts("invitation_expires_at").notNull(),
    pageHash: text("page_hash"),
    invitedAt: ts("invited_at").notNull(),
    respondedAt: ts("responded_at"),
    endedAt: ts("ended_at"),
    createdAt: created(),
    updatedAt: updated(),
  },
  (t) => [
    index("trusted_contacts_user_idx").on(t.userId, t.createdAt),
    uniqueIndex("trusted_contacts_invitation_key").on(t.invitationHash),
    uniqueIndex("trusted_contacts_page_key").on(t.pageHash),
    // One live contact per address and owner; an ended one may be invited again.
    uniqueIndex("trusted_contacts_live_address_key")
      .on(t.userId, t.address)
      .where(sql`${t.state} in ('invited', 'active')`),
    // Every text that reaches the inbox asks whether its number is a live contact's (handle-contact-text.ts).
    index("trusted_contacts_live_number_idx")
      .on(t.address)
      .where(sql`${t.state} in ('invited', 'active') and ${t.channel} <> 'email'`),
  ],
);

/** The trusted contacts a condition with confirmation on asks before releasing (docs/decisions/041). */
export const conditionContacts = pgTable(
  "condition_contacts",
  {
    conditionId: uuid("condition_id")
      .notNull()
      .references(() => messageConditions.id, { onDelete: "cascade" }),
    contactId: uuid("contact_id")
      .notNull()
      .references(() => trustedContacts.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: created(),
  },
  (t) => [
    primaryKey({ columns: [t.conditionId, t.contactId] }),
    index("condition_contacts_contact_idx").on(t.contactId),
  ],
);

/**
 * A condition's confirmation stage: the state machine's record (contacts/confirmation-stage.ts),
 * written only under the condition's row lock. `last_checked_seen` is the condition's last_checked
 * when it was written: a check-in since then has closed an open question (or reset the holds),
 * applied when the stage is next read.
 */
export const confirmationStages = pgTable(
  "confirmation_stages",
  {
    conditionId: uuid("condition_id")
      .primaryKey()
      .references(() => messageConditions.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    state: jsonb("state").$type<StoredConfirmationState>().notNull(),
    lastCheckedSeen: ts("last_checked_seen").notNull(),
    updatedAt: updated(),
  },
  (t) => [
    index("confirmation_stages_open_idx")
      .on(t.userId)
      .where(sql`${t.state}->>'kind' = 'confirming'`),
  ],
);

/**
 * One contact's question about one reached deadline, with the answer link's SHA-256 (the link itself
 * goes only into the sealed mail that asks).
 */
export const confirmationQuestions = pgTable(
  "confirmation_questions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    conditionId: uuid("condition_id")
      .notNull()
      .references(() => messageConditions.id, { onDelete: "cascade" }),
    contactId: uuid("contact_id")
      .notNull()
      .references(() => trustedContacts.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The question's deadline: the (shifted) deadline that was reached. */
    deadline: ts("deadline").notNull(),
    /** The owner's last check-in when asked: "Have you been in touch with them since …?" */
    since: ts("since").notNull(),
    /** The end of the contacts' window when asked. */
    endsAt: ts("ends_at").notNull(),
    linkHash: text("link_hash").notNull(),
    /**
     * When the question is asked again if still unanswered (halfway through the window); null once
     * that moment was dealt with. The reminder is worded and queued only then, with a link of its
     * own (`reminderLinkHash`): most questions are answered or closed before it.
     */
    remindAt: ts("remind_at"),
    reminderLinkHash: text("reminder_link_hash"),
    createdAt: created(),
  },
  (t) => [
    uniqueIndex("confirmation_questions_link_key").on(t.linkHash),
    uniqueIndex("confirmation_questions_reminder_link_key")
      .on(t.reminderLinkHash)
      .where(sql`${t.reminderLinkHash} is not null`),
    uniqueIndex("confirmation_questions_once_key").on(t.conditionId, t.deadline, t.contactId),
    index("confirmation_questions_remind_due_idx")
      .on(t.remindAt)
      .where(sql`${t.remindAt} is not null`),
  ],
);

/**
 * Emergency access on request (docs/decisions/041): a contact the owner allows to ask for one
 * message, and the waiting period during which the owner may deny. No row: they may not ask.
 */
export const accessPermissions = pgTable(
  "access_permissions",
  {
    messageId: uuid("message_id")
      .notNull()
      .references(() => messages.id, { onDelete: "cascade" }),
    contactId: uuid("contact_id")
      .notNull()
      .references(() => trustedContacts.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    waitingHours: integer("waiting_hours").notNull(),
    createdAt: created(),
  },
  (t) => [primaryKey({ columns: [t.messageId, t.contactId] }), index("access_permissions_contact_idx").on(t.contactId)],
);

/**
 * A contact's request for one message: `waiting` until `grants_at`, then granted by the engine
 * (contacts/grant-access-requests.ts) unless denied or withdrawn first. The reason is the contact's
 * words and sealed; the owner's Deny link is kept as SHA-256, shared by the requests of one ask.
 * Every change of state happens under the row's lock, so a Deny racing the grant has one winner.
 */
export const accessRequests = pgTable(
  "access_requests",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    messageId: uuid("message_id")
      .notNull()
      .references(() => messages.id, { onDelete: "cascade" }),
    contactId: uuid("contact_id")
      .notNull()
      .references(() => trustedContacts.id, { onDelete: "cascade" }),
    keyId: text("key_id").notNull(),
    wrappedKey: text("wrapped_key").notNull(),
    reason: text("reason").notNull(),
    denyHash: text("deny_hash").notNull(),
    state: text("state").$type<AccessRequestState>().notNull().default("waiting"),
    requestedAt: ts("requested_at").notNull(),
    grantsAt: ts("grants_at").notNull(),
    decidedAt: ts("decided_at"),
    grantId: uuid("grant_id"),
    createdAt: created(),
    updatedAt: updated(),
  },
  (t) => [
    index("access_requests_due_idx")
      .on(t.grantsAt)
      .where(sql`${t.state} = 'waiting'`),
    index("access_requests_user_idx").on(t.userId, t.requestedAt),
    index("access_requests_contact_idx").on(t.contactId, t.messageId),
    index("access_requests_deny_idx").on(t.denyHash),
    // One waiting request per message and contact.
    uniqueIndex("access_requests_waiting_key")
      .on(t.messageId, t.contactId)
      .where(sql`${t.state} = 'waiting'`),
  ],
);
