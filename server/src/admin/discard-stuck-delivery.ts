import { and, eq, ne } from "drizzle-orm";
import type { Clock } from "../clock.ts";
import type { Db } from "../db/connect.ts";
import { deliveries, reminderSchedule } from "../db/schema.ts";
import { AppError } from "../errors.ts";
import { recordAdminAction, type AdminActor } from "./record-admin-action.ts";
import { lockStuckRow } from "./lock-stuck-row.ts";
import { discardNotice } from "./stuck-notice-actions.ts";

/**
 * Ends a parked row as `discarded`: terminal, never claimed again (the engine claims only pending
 * and expired claims), shown as such on the owner's timeline, and no longer counted as parked by
 * the status page. Its idempotency key stays taken, so rescheduling never recreates it.
 * Only parked rows: work still retrying finishes or parks on its own first.
 */
export async function discardStuckDelivery({
  db,
  clock,
  actor,
  reminderId,
  reason,
}: {
  db: Db;
  clock: Clock;
  actor: AdminActor;
  reminderId: string;
  reason?: string;
}): Promise<void> {
  const now = clock.now();
  await db.transaction(async (tx) => {
    const stuck = await lockStuckRow(tx, reminderId);
    if (stuck.kind === "notice") return discardNotice(tx, { row: stuck.row, actor, reason, now });
    const { row } = stuck;
    if (row.status !== "parked")
      throw new AppError(
        "conflict",
        `Only a parked delivery can be discarded; this one is ${row.status === "claimed" ? "being sent right now" : row.status}. Reload the list.`,
      );
    await tx
      .update(reminderSchedule)
      .set({ status: "discarded", completedAt: now, updatedAt: now })
      .where(eq(reminderSchedule.id, row.id));
    await tx
      .update(deliveries)
      .set({ status: "failed" })
      // The owner's release notice is not the row's: it tells of the release whatever became of it.
      .where(
        and(eq(deliveries.reminderId, row.id), eq(deliveries.status, "pending"), ne(deliveries.kind, "release_notice")),
      );
    await recordAdminAction(tx, {
      actor,
      action: "delivery.discard",
      targetType: "reminder_schedule",
      targetId: row.id,
      details: {
        reason: reason || null,
        attempts: row.attempts,
        reminder_type: row.reminderType,
        last_error: row.lastError,
      },
      at: now,
    });
  });
}
