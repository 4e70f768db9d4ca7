import { and, eq, ne } from "drizzle-orm";
import type { Clock } from "../clock.ts";
import type { Db } from "../db/connect.ts";
import { deliveries, reminderSchedule } from "../db/schema.ts";
import { AppError } from "../errors.ts";
import { recordAdminAction, type AdminActor } from "./record-admin-action.ts";
import { lockStuckRow } from "./lock-stuck-row.ts";
import { retryNotice } from "./stuck-notice-actions.ts";

/**
 * "Retry now": the row goes back to the engine's queue exactly as a backoff retry would leave it —
 * `pending`, due now, no lease — and its failed deliveries become pending again, so the next tick
 * claims it, re-checks it (commitBatch) and sends what is not sent yet (deliveries without an
 * address stay failed, so such a row parks again). Attempts are kept, so the
 * retry policy still decides when to give up; a parked row gets at least this one more attempt.
 * A pending row that is waiting out its backoff is simply made due now.
 */
export async function retryStuckDelivery({
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
    if (stuck.kind === "notice") return retryNotice(tx, { row: stuck.row, actor, reason, now });
    const { row } = stuck;
    if (row.status !== "parked" && !(row.status === "pending" && row.attempts > 0)) {
      throw new AppError(
        "conflict",
        `This delivery is ${row.status === "claimed" ? "being sent right now" : row.status} and cannot be retried. Reload the list.`,
      );
    }
    await tx
      .update(reminderSchedule)
      .set({
        status: "pending",
        nextAttemptAt: now,
        lockedUntil: null,
        claimedBy: null,
        completedAt: null,
        updatedAt: now,
      })
      .where(eq(reminderSchedule.id, row.id));
    // A delivery with no address (a recipient without e-mail, while other channels do not exist)
    // stays failed: a retry cannot reach them, and "sending" to nobody must never count as sent.
    await tx
      .update(deliveries)
      .set({ status: "pending" })
      .where(and(eq(deliveries.reminderId, row.id), eq(deliveries.status, "failed"), ne(deliveries.address, "")));
    await recordAdminAction(tx, {
      actor,
      action: "delivery.retry",
      targetType: "reminder_schedule",
      targetId: row.id,
      details: {
        reason: reason || null,
        was: row.status,
        attempts: row.attempts,
        reminder_type: row.reminderType,
        last_error: row.lastError,
      },
      at: now,
    });
  });
}
