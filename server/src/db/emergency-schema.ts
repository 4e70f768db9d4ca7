import { boolean, index, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { ts, created } from "./columns.ts";
import { users } from "./accounts-schema.ts";
import { messages, messageConditions } from "./workspace-schema.ts";
import { reminderSchedule } from "./engine-schema.ts";

/**
 * Spec §5 duplicate panic suppression (docs/decisions/008): the last accepted trigger per key,
 * `message:<id>` and `client:<user>:<deduplicationId>`. A trigger is accepted only if its
 * INSERT … ON CONFLICT DO UPDATE … WHERE older than the window returns a row, which is atomic
 * across processes on one database. Rows older than the purge age are deleted.
 */
export const panicDedupe = pgTable(
  "panic_dedupe",
  {
    key: text("key").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    triggeredAt: ts("triggered_at").notNull(),
  },
  (t) => [index("panic_dedupe_triggered_idx").on(t.triggeredAt)],
);

/**
 * One accepted emergency trigger and the release it became (its reminder_schedule final_delivery
 * row). What the alert says is decided here, at the press: the keep_armed in force and the
 * position that goes with it — the message's, if current then (`location_located_at`, null = no
 * current location). The position is copied here, sealed under the message's data key with this
 * row's id in the AAD (emergency/press-location.ts), because the message's own position is
 * overwritten by the next press: this alert's mail and access page must show the one that went.
 */
export const emergencyTriggers = pgTable(
  "emergency_triggers",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    reminderId: uuid("reminder_id")
      .notNull()
      .references(() => reminderSchedule.id, { onDelete: "cascade" }),
    messageId: uuid("message_id")
      .notNull()
      .references(() => messages.id, { onDelete: "cascade" }),
    conditionId: uuid("condition_id")
      .notNull()
      .references(() => messageConditions.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    triggeredAt: ts("triggered_at").notNull(),
    keepArmed: boolean("keep_armed").notNull(),
    /** The message's `located_at` at the press when that position was recent enough to send; else null. */
    locationLocatedAt: ts("location_located_at"),
    /** The position that went, sealed (null with no position, and on rows written before migration 0017). */
    locationLatitude: text("location_latitude"),
    locationLongitude: text("location_longitude"),
    locationName: text("location_name"),
    locationAccuracy: text("location_accuracy"),
    /** The client's id for the press and its clock (informational). */
    deduplicationId: text("deduplication_id"),
    clientTimestamp: ts("client_timestamp"),
    createdAt: created(),
  },
  (t) => [
    uniqueIndex("emergency_triggers_reminder_key").on(t.reminderId),
    index("emergency_triggers_message_idx").on(t.messageId, t.triggeredAt),
  ],
);
