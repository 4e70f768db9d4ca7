import { index, jsonb, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { ts, created } from "./columns.ts";
import { users } from "./accounts-schema.ts";
import { messageConditions } from "./workspace-schema.ts";

/** Every admin action, written in the action's own transaction; there is no route to change or delete one. */
export const adminAuditLog = pgTable(
  "admin_audit_log",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    adminId: uuid("admin_id").references(() => users.id, { onDelete: "set null" }),
    /** Kept as text so the entry still says who after the admin's account is gone. */
    adminEmail: text("admin_email").notNull(),
    action: text("action").notNull(),
    targetType: text("target_type").notNull(),
    targetId: text("target_id").notNull(),
    details: jsonb("details").$type<Record<string, unknown>>().notNull().default({}),
    ip: text("ip"),
    userAgent: text("user_agent"),
    createdAt: created(),
  },
  (t) => [index("admin_audit_log_created_idx").on(t.createdAt)],
);

/**
 * Conditions an admin's "disable account" disarmed, so "enable" re-arms exactly those
 * (docs/decisions/019): a disabled account's switches are held, never released.
 */
export const accountHolds = pgTable(
  "account_holds",
  {
    conditionId: uuid("condition_id")
      .primaryKey()
      .references(() => messageConditions.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    heldAt: ts("held_at").notNull(),
  },
  (t) => [index("account_holds_user_idx").on(t.userId)],
);
