import { eq } from "drizzle-orm";
import type { Tx } from "../db/connect.ts";
import { isUuid } from "../db/owned-row.ts";
import { reminderSchedule } from "../db/schema.ts";
import { notFound } from "../errors.ts";
import { lockNotice } from "./stuck-notice-actions.ts";

type ScheduleRow = typeof reminderSchedule.$inferSelect;
type NoticeRow = NonNullable<Awaited<ReturnType<typeof lockNotice>>>;

/** A stuck delivery as the admin console names it: a schedule row, or an owner's or admin's notice. */
export type StuckRow = { kind: "schedule"; row: ScheduleRow } | { kind: "notice"; row: NoticeRow };

/**
 * The stuck row with this id, locked FOR UPDATE for the caller's transaction, so "retry" and
 * "discard" decide on the row as the engine will next see it; 404 when there is no such row.
 */
export async function lockStuckRow(tx: Tx, id: string): Promise<StuckRow> {
  if (!isUuid(id)) throw notFound("No such delivery");
  const [row] = await tx.select().from(reminderSchedule).where(eq(reminderSchedule.id, id)).for("update");
  if (row) return { kind: "schedule", row };
  // Not a schedule row: an owner's or admin's notice (a deliveries row queued on its own)?
  const notice = await lockNotice(tx, id);
  if (!notice) throw notFound("No such delivery");
  return { kind: "notice", row: notice };
}
