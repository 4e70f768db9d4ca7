import { integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * One row that the readiness check rewrites while a write has failed for lack of space, to learn
 * when writes succeed again (server/src/runtime/storage-health.ts). Holds no user data.
 */
export const storageProbe = pgTable("storage_probe", {
  id: integer("id").primaryKey(),
  writtenAt: timestamp("written_at", { withTimezone: true }).notNull(),
  filler: text("filler").notNull(),
});
