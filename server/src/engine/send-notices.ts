import { and, asc, eq, inArray, isNotNull, isNull, lte, or } from "drizzle-orm";
import type { MasterKeys } from "../crypto/master-keys.ts";
import type { Db } from "../db/connect.ts";
import { deliveries } from "../db/schema.ts";
import type { Mailer } from "../mail/mailer.ts";
import { classifySendError } from "./classify-send-error.ts";
import { openNotice } from "./owner-notices.ts";
import { nextNoticeAttemptAt } from "./retry-policy.ts";

type NoticeRow = typeof deliveries.$inferSelect;

/**
 * Claims due notices (owner-notices.ts) for `leaseMs`, like schedule rows: FOR UPDATE SKIP LOCKED,
 * so several workers never send one twice, and a dead worker's claim lapses by itself.
 */
export async function claimDueNotices({ db, now, workerId, limit, leaseMs }: { db: Db; now: Date; workerId: string; limit: number; leaseMs: number }): Promise<NoticeRow[]> {
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ id: deliveries.id })
      .from(deliveries)
      .where(and(eq(deliveries.status, "pending"), isNotNull(deliveries.nextAttemptAt), lte(deliveries.nextAttemptAt, now), or(isNull(deliveries.lockedUntil), lte(deliveries.lockedUntil, now))))
      .orderBy(asc(deliveries.nextAttemptAt))
      .limit(limit)
      .for("update", { skipLocked: true });
    if (due.length === 0) return [];
    return tx
      .update(deliveries)
      .set({ lockedUntil: new Date(now.getTime() + leaseMs), claimedBy: workerId })
      .where(inArray(deliveries.id, due.map((d) => d.id)))
      .returning();
  });
}

export type NoticeOutcome = { status: "sent" } | { status: "retry"; error: string } | { status: "failed"; error: string };

/** Sends one claimed notice through `mailer`; never throws (a failure is an outcome). */
export async function sendNotice({ mailer, masterKeys, notice }: { mailer: Mailer; masterKeys: MasterKeys; notice: NoticeRow }): Promise<NoticeOutcome> {
  try {
    await mailer.send(openNotice(masterKeys, notice));
    return { status: "sent" };
  } catch (err) {
    const failure = classifySendError(err);
    return failure.permanent ? { status: "failed", error: failure.reason } : { status: "retry", error: failure.reason };
  }
}

/**
 * Writes a notice's outcome (only while our claim holds): sent; or tried again later with backoff;
 * or failed for good (a 5xx, or two days of failures), which is logged for the operator: the
 * notice stays in the table with its last error.
 */
export async function settleNotice({ db, now, workerId, notice, outcome, log }: { db: Db; now: Date; workerId: string; notice: NoticeRow; outcome: NoticeOutcome; log: { error(obj: object, msg: string): void } }): Promise<void> {
  const mine = and(eq(deliveries.id, notice.id), eq(deliveries.claimedBy, workerId), eq(deliveries.status, "pending"));
  const attempts = notice.attempts + 1;
  const free = { lockedUntil: null, claimedBy: null, attempts };
  if (outcome.status === "sent") {
    await db.update(deliveries).set({ ...free, status: "sent", sentAt: now, lastError: null }).where(mine);
    return;
  }
  const at = outcome.status === "retry" ? nextNoticeAttemptAt({ attempts, createdAt: notice.createdAt, now }) : null;
  if (at) {
    await db.update(deliveries).set({ ...free, nextAttemptAt: at, lastError: outcome.error }).where(mine);
    return;
  }
  await db.update(deliveries).set({ ...free, status: "failed", lastError: outcome.error }).where(mine);
  log.error({ deliveryId: notice.id, attempts, error: outcome.error }, "gave up sending a notice to an owner or admin");
}
