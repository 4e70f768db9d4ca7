import type { DeliveryChannel, TrustedContactState } from "@trigger-switch/contracts";
import { sql } from "drizzle-orm";
import { index, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { users } from "./accounts-schema.ts";
import { created, ts, updated } from "./columns.ts";

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
  ],
);
