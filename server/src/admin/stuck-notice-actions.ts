import { and, eq, inArray } from "drizzle-orm";
import type { Tx } from "../db/connect.ts";
import { deliveries } from "../db/schema.ts";
import { AppError } from "../errors.ts";
import { NOTICE_KINDS, noticeTopic } from "./list-stuck-deliveries.ts";
import { recordAdminAction, type AdminActor } from "./record-admin-action.ts";

type NoticeRow = typeof deliveries.$inferSelect;

/** The owner/admin notice with this id, locked for the caller's transaction; undefined when there is none. */
export async function lockNotice(tx: Tx, id: string): Promise<NoticeRow | undefined> {
  const [row] = await tx
    .select()
    .from(deliveries)
    .where(and(eq(deliveries.id, id), inArray(deliveries.kind, [...NOTICE_KINDS])))
    .for("update");
  return row;
}

const described = (row: NoticeRow) => (row.status === "failed" ? "given up" : row.status);

/**
 * "Retry now" for a notice that failed for good or is waiting out its backoff: pending, due now,
 * no lease — what the engine's claimDueNotices takes next. Attempts are kept, so the notice retry
 * policy still decides: one given up after two days gets this one more attempt and fails again if
 * it fails.
 */
export async function retryNotice(
  tx: Tx,
  { row, actor, reason, now }: { row: NoticeRow; actor: AdminActor; reason?: string; now: Date },
): Promise<void> {
  if (row.status !== "failed" && !(row.status === "pending" && row.attempts > 0))
    throw new AppError("conflict", `This notice is ${described(row)} and cannot be retried. Reload the list.`);
  await tx
    .update(deliveries)
    .set({ status: "pending", nextAttemptAt: now, lockedUntil: null, claimedBy: null })
    .where(eq(deliveries.id, row.id));
  await recordAdminAction(tx, {
    actor,
    action: "delivery.retry",
    targetType: "notice",
    targetId: row.id,
    details: noticeDetails(row, reason),
    at: now,
  });
}

/** Gives up a notice that failed for good: `discarded`, never claimed again (only `pending` is). */
export async function discardNotice(
  tx: Tx,
  { row, actor, reason, now }: { row: NoticeRow; actor: AdminActor; reason?: string; now: Date },
): Promise<void> {
  if (row.status !== "failed")
    throw new AppError(
      "conflict",
      `Only a notice the engine gave up on can be discarded; this one is ${described(row)}. Reload the list.`,
    );
  await tx.update(deliveries).set({ status: "discarded" }).where(eq(deliveries.id, row.id));
  await recordAdminAction(tx, {
    actor,
    action: "delivery.discard",
    targetType: "notice",
    targetId: row.id,
    details: noticeDetails(row, reason),
    at: now,
  });
}

/** What the audit log keeps of a notice: whom and what about, never its subject or text. */
function noticeDetails(row: NoticeRow, reason: string | undefined): Record<string, unknown> {
  return {
    reason: reason || null,
    was: row.status,
    attempts: row.attempts,
    reminder_type: "notice",
    topic: noticeTopic(row),
    channel: row.channel,
    to: row.address,
    last_error: row.lastError,
  };
}
