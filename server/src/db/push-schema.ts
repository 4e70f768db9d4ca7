import { index, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { users } from "./accounts-schema.ts";
import { created, ts } from "./columns.ts";

/**
 * A browser that turned on notifications (docs/decisions/039): its Web Push subscription and the
 * SHA-256 of its check-in credential, which can do nothing but check its owner in. Removing the
 * row revokes both. One row per endpoint: subscribing the same browser again replaces it.
 */
export const pushDevices = pgTable(
  "push_devices",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    endpoint: text("endpoint").notNull(),
    /** The subscription's P-256 public key and auth secret (RFC 8291), base64url. */
    p256dh: text("p256dh").notNull(),
    auth: text("auth").notNull(),
    /** Hex SHA-256 of the 256-bit credential; the credential itself is shown once and never stored. */
    checkInHash: text("check_in_hash").notNull(),
    createdAt: created(),
    lastPushAt: ts("last_push_at"),
    lastCheckInAt: ts("last_check_in_at"),
  },
  (t) => [
    uniqueIndex("push_devices_endpoint_key").on(t.endpoint),
    uniqueIndex("push_devices_check_in_hash_key").on(t.checkInHash),
    index("push_devices_user_idx").on(t.userId, t.createdAt),
  ],
);
