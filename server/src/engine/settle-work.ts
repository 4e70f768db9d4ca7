import { and, eq, ne, sql } from "drizzle-orm";
import { reopenFailedInFlight } from "../channels/delivery/delivery-status-listener.ts";
import type { Config } from "../config.ts";
import type { MasterKeys } from "../crypto/master-keys.ts";
import type { Db, Tx } from "../db/connect.ts";
import { inIds } from "../db/in-ids.ts";
import { insertRows } from "../db/insert-rows.ts";
import { deliveries, reminderDeliveryLog, reminderSchedule } from "../db/schema.ts";
import { chunked } from "./chunked.ts";
import { deliveriesMovedOn } from "./deliveries-moved-on.ts";
import { deliveryLogRow } from "./delivery-log-row.ts";
import { loadMessageTitle } from "./load-message-title.ts";
import { notifyParked } from "./notify-parked.ts";
import { ownerToldOfEveryFailure } from "./owner-told-of-failures.ts";
import { enqueueOwnerPhoneNotices } from "./owner-notices.ts";
import { releaseNoticeByPhone } from "./release-notice-by-phone.ts";
import { settleReleaseNotices } from "./release-notices.ts";
import { rowOutcome, type RowOutcome } from "./row-outcome.ts";
import { shortError } from "./short-error.ts";
import type { Attempt, DoneRow, WorkContext } from "./work-types.ts";

/**
 * Writes a batch of attempts and settles the rows they finished, in one transaction and a few
 * statements: the deliveries' outcomes (only over `pending`: a delivery marked sent
 * never changes), one reminder_delivery_log row per attempt, then each finished row — all sent →
 * sent; a delivery still pending (transient failure) → retried with backoff, or parked once the
 * policy gives up; one failed for good (or nobody to deliver to) → parked, and its owner's and the
 * admins' notices queued in the same transaction. The owner's release notice is not part of its
 * row's outcome: it is due once the row is settled, and is settled on its own
 * (release-notices.ts). Rows and notices are only touched while our claim holds.
 */
export async function settleWork({
  db,
  config,
  masterKeys,
  workerId,
  now,
  attempts,
  done,
}: {
  db: Db;
  config: Config;
  masterKeys: MasterKeys;
  workerId: string;
  now: Date;
  attempts: Attempt[];
  done: DoneRow[];
}): Promise<Map<string, RowOutcome>> {
  const outcomes = new Map<string, RowOutcome>();
  if (attempts.length === 0 && done.length === 0) return outcomes;
  await db.transaction(async (tx) => {
    for (const part of chunked(attempts, 1000)) {
      const values = part.map(({ delivery, outcome, at }) => ({
        id: delivery.id,
        status: outcome.status === "sent" ? "sent" : outcome.permanent ? "failed" : "pending",
        attempts: delivery.attempts + 1,
        sent_at: outcome.status === "sent" ? at.toISOString() : null,
        last_error: outcome.status === "sent" ? null : outcome.error,
      }));
      // A release notice claimed on its own is let go of with its outcome (release-notices.ts); the
      // other deliveries have no claim of their own.
      await tx.execute(sql`update deliveries d set status = v.status, attempts = v.attempts, sent_at = v.sent_at, last_error = v.last_error,
          locked_until = case when v.status = 'pending' then d.locked_until end, claimed_by = case when v.status = 'pending' then d.claimed_by end
        from jsonb_to_recordset(${JSON.stringify(values)}::jsonb) as v(id uuid, status text, attempts int, sent_at timestamptz, last_error text)
        where d.id = v.id and d.status = 'pending'`);
      // Attempts through the channel layer logged each channel themselves (send-delivery.ts).
      const unlogged = part.filter((a) => !a.outcome.logged);
      if (unlogged.length > 0) await insertRows(tx, reminderDeliveryLog, unlogged.map(deliveryLogRow));
      // The notice mail's attempt is over (sent, or refused for good): its copies to the owner's phone
      // are queued in this same transaction, once (keyed by the notice), and sent on their own.
      await enqueueOwnerPhoneNotices(tx, {
        masterKeys,
        now,
        notices: part.flatMap((a) => releaseNoticeByPhone(config, a)),
      });
    }
    // Owners' release notices sent on their own: the notice is settled, its row left as it is.
    const notices = done.filter((d) => d.notice);
    if (notices.length > 0)
      await enqueueOwnerPhoneNotices(tx, {
        masterKeys,
        now,
        notices: await settleReleaseNotices(tx, { done: notices, now, workerId, config }),
      });
    const settled: (DoneRow & { outcome: RowOutcome })[] = done
      .filter((d) => !d.notice)
      .map((d) => ({
        ...d,
        outcome: d.handBack ? ({ status: "handed_back" } as const) : rowOutcome(d.ctx, now),
      }));
    // A provider's failure that arrived after a send was written but before its row was settled
    // reopened or failed the delivery while the row was still ours (its listener cannot touch a
    // claimed row): such a row is not done, whatever this attempt saw, and is tried again now.
    const movedOn = await deliveriesMovedOn(
      tx,
      settled.filter((s) => s.outcome.status === "sent").map((s) => s.ctx),
    );
    for (const s of settled) {
      if (movedOn.has(s.ctx.row.id))
        s.outcome = { status: "retry", at: now, reason: "A provider reported a failure after the send was accepted." };
    }
    const mine = (ids: string[]) =>
      and(
        inIds(reminderSchedule.id, ids),
        eq(reminderSchedule.claimedBy, workerId),
        eq(reminderSchedule.status, "claimed"),
      );
    for (const ids of chunked(
      settled.filter((s) => s.outcome.status === "handed_back").map((s) => s.ctx.row.id),
      5000,
    )) {
      await tx.update(reminderSchedule).set({ status: "pending", lockedUntil: null, claimedBy: null }).where(mine(ids));
    }
    for (const ids of chunked(
      settled.filter((s) => s.outcome.status === "sent").map((s) => s.ctx.row.id),
      5000,
    )) {
      await tx
        .update(reminderSchedule)
        .set({
          status: "sent",
          attempts: sql`${reminderSchedule.attempts} + 1`,
          lockedUntil: null,
          lastError: null,
          completedAt: now,
          updatedAt: now,
        })
        .where(mine(ids));
    }
    const retry = settled.flatMap((s) =>
      s.outcome.status === "retry"
        ? [{ id: s.ctx.row.id, at: s.outcome.at.toISOString(), error: shortError(s.outcome.reason) }]
        : [],
    );
    for (const part of chunked(retry, 2000)) {
      await tx.execute(sql`update reminder_schedule r set status = 'pending', attempts = r.attempts + 1, next_attempt_at = v.at, locked_until = null, claimed_by = null, last_error = v.error, updated_at = ${now.toISOString()}::timestamptz
        from jsonb_to_recordset(${JSON.stringify(part)}::jsonb) as v(id uuid, at timestamptz, error text)
        where r.id = v.id and r.claimed_by = ${workerId} and r.status = 'claimed'`);
    }
    const parked = settled.filter((s) => s.outcome.status === "parked");
    for (const s of parked) {
      const reason = shortError((s.outcome as { reason: string }).reason);
      const [row] = await tx
        .update(reminderSchedule)
        .set({
          status: "parked",
          attempts: sql`${reminderSchedule.attempts} + 1`,
          lockedUntil: null,
          lastError: reason,
          completedAt: now,
          updatedAt: now,
        })
        .where(mine([s.ctx.row.id]))
        .returning({ attempts: reminderSchedule.attempts });
      if (!row) continue;
      await tx
        .update(deliveries)
        .set({ status: "failed" })
        .where(
          and(
            eq(deliveries.reminderId, s.ctx.row.id),
            eq(deliveries.status, "pending"),
            ne(deliveries.kind, "release_notice"), // rowDeliveries, in SQL
          ),
        );
      await noticeParked(tx, { config, masterKeys, now, ctx: s.ctx, attempts: row.attempts, reason });
    }
    // Last, over the rows' final states: a provider's failure that arrived while its send was in
    // flight could not reopen the delivery then (delivery-status-listener.ts); it is acted on here.
    const sentByChannels = attempts
      .filter((a) => a.outcome.logged && a.outcome.status === "sent")
      .map((a) => a.delivery.id);
    for (const ids of chunked(sentByChannels, 5000)) await reopenFailedInFlight(tx, ids, now);
    for (const s of settled) outcomes.set(s.ctx.row.id, s.outcome);
  });
  return outcomes;
}

async function noticeParked(
  tx: Tx,
  {
    config,
    masterKeys,
    now,
    ctx,
    attempts,
    reason,
  }: { config: Config; masterKeys: MasterKeys; now: Date; ctx: WorkContext; attempts: number; reason: string },
) {
  const messageTitle =
    ctx.messageTitle ?? (await loadMessageTitle({ db: tx, masterKeys, messageId: ctx.row.messageId }));
  await notifyParked(tx, {
    masterKeys,
    config,
    now,
    row: ctx.row,
    attempts,
    messageTitle,
    ownerEmail: ctx.ownerEmail,
    reason,
    ownerTold: ctx.row.reminderType === "final_delivery" && (await ownerToldOfEveryFailure(tx, ctx.row.id)),
  });
}
