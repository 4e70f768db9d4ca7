import { and, eq, inArray, sql } from "drizzle-orm";
import { reopenFailedInFlight } from "../channels/delivery/delivery-status-listener.ts";
import type { Config } from "../config.ts";
import type { MasterKeys } from "../crypto/master-keys.ts";
import type { Db, Tx } from "../db/connect.ts";
import { deliveries, reminderDeliveryLog, reminderSchedule, users } from "../db/schema.ts";
import { chunked } from "./chunked.ts";
import type { ScheduleRow } from "./claim-due-work.ts";
import { loadMessageTitle, type DeliveryRow, type WorkContext } from "./load-work-context.ts";
import { deliveriesMovedOn } from "./deliveries-moved-on.ts";
import { notifyParked } from "./notify-parked.ts";
import { ownerToldOfEveryFailure } from "./owner-told-of-failures.ts";
import { enqueueOwnerPhoneNotices } from "./owner-notices.ts";
import { releaseNoticeByPhone } from "./release-notice-by-phone.ts";
import { nextRetryAt } from "./retry-policy.ts";
import { rowOutcome, type RowOutcome } from "./row-outcome.ts";
import type { SendOutcome } from "./send-delivery.ts";

/** One send attempt of one delivery, waiting to be written. */
export interface Attempt {
  ctx: WorkContext;
  delivery: DeliveryRow;
  outcome: SendOutcome;
  at: Date;
}

/** A row whose attempt is over: settled from its deliveries, or handed back untried (shutdown, lease running out). */
export interface DoneRow {
  ctx: WorkContext;
  handBack: boolean;
}

/** What reminder_schedule.last_error may hold: a short sentence, never a whole query with its parameters. */
export const shortError = (text: string, max = 300): string =>
  text.length > max ? `${text.slice(0, max - 1)}…` : text;

/**
 * Writes a batch of attempts and settles the rows they finished, in one transaction and a few
 * statements (issue 10): the deliveries' outcomes (only over `pending`: a delivery marked sent
 * never changes), one reminder_delivery_log row per attempt, then each finished row — all sent →
 * sent; a delivery still pending (transient failure) → retried with backoff, or parked once the
 * policy gives up; one failed for good (or nobody to deliver to) → parked, and its owner's and the
 * admins' notices queued in the same transaction. Rows are only touched while our claim holds.
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
      await tx.execute(sql`update deliveries d set status = v.status, attempts = v.attempts, sent_at = v.sent_at, last_error = v.last_error
        from jsonb_to_recordset(${JSON.stringify(values)}::jsonb) as v(id uuid, status text, attempts int, sent_at timestamptz, last_error text)
        where d.id = v.id and d.status = 'pending'`);
      // Attempts through the channel layer logged each channel themselves (send-delivery.ts).
      const unlogged = part.filter((a) => !a.outcome.logged);
      if (unlogged.length > 0) await tx.insert(reminderDeliveryLog).values(unlogged.map(logRow));
      // The notice mail's attempt is over (sent, or refused for good): its copies to the owner's phone
      // are queued in this same transaction, once (keyed by the notice), and sent on their own.
      await enqueueOwnerPhoneNotices(tx, {
        masterKeys,
        now,
        notices: part.flatMap((a) => releaseNoticeByPhone(config, a)),
      });
    }
    const settled: (DoneRow & { outcome: RowOutcome })[] = done.map((d) => ({
      ...d,
      outcome: d.handBack ? ({ status: "handed_back" } as const) : rowOutcome(d.ctx, now),
    }));
    // A provider's failure that arrived after a send was written but before its row was settled
    // reopened or failed the delivery while the row was still ours (its listener cannot touch a
    // claimed row): such a row is not done, whatever this attempt saw, and is tried again now.
    const movedOn = await deliveriesMovedOn(
      tx,
      settled.filter((s) => s.outcome.status === "sent").map((s) => s.ctx.row.id),
    );
    for (const s of settled) {
      if (movedOn.has(s.ctx.row.id))
        s.outcome = { status: "retry", at: now, reason: "A provider reported a failure after the send was accepted." };
    }
    const mine = (ids: string[]) =>
      and(
        inArray(reminderSchedule.id, ids),
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
        .where(and(eq(deliveries.reminderId, s.ctx.row.id), eq(deliveries.status, "pending")));
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

/** Hands claimed rows back after an error in the engine itself, with the row's backoff (never a crash loop). */
export async function releaseWithBackoff(
  db: Db,
  {
    rows,
    workerId,
    now,
    error,
    config,
    masterKeys,
  }: { rows: ScheduleRow[]; workerId: string; now: Date; error: string; config: Config; masterKeys: MasterKeys },
): Promise<void> {
  const reason = shortError(error);
  await db.transaction(async (tx) => {
    for (const row of rows) {
      const attempts = row.attempts + 1;
      const at = nextRetryAt({ strategy: row.retryStrategy, attempts, scheduledAt: row.scheduledAt, now });
      const mine = and(
        eq(reminderSchedule.id, row.id),
        eq(reminderSchedule.claimedBy, workerId),
        eq(reminderSchedule.status, "claimed"),
      );
      if (at) {
        await tx
          .update(reminderSchedule)
          .set({
            status: "pending",
            attempts,
            nextAttemptAt: at,
            lockedUntil: null,
            claimedBy: null,
            lastError: reason,
          })
          .where(mine);
        continue;
      }
      const [parked] = await tx
        .update(reminderSchedule)
        .set({ status: "parked", attempts, lockedUntil: null, lastError: reason, completedAt: now })
        .where(mine)
        .returning({ id: reminderSchedule.id });
      if (parked) {
        const messageTitle = await loadMessageTitle({ db: tx, masterKeys, messageId: row.messageId });
        await notifyParked(tx, {
          masterKeys,
          config,
          now,
          row,
          attempts,
          messageTitle,
          ownerEmail: await ownerEmailOf(tx, row.userId),
          reason,
        });
      }
    }
  });
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

async function ownerEmailOf(tx: Tx, userId: string): Promise<string> {
  const [u] = await tx.select({ email: users.email }).from(users).where(eq(users.id, userId));
  return u?.email ?? "";
}

function logRow({ ctx, delivery, outcome, at }: Attempt): typeof reminderDeliveryLog.$inferInsert {
  const error = outcome.status === "sent" ? null : outcome.error;
  return {
    reminderId: ctx.row.id,
    deliveryId: delivery.id,
    messageId: ctx.row.messageId,
    conditionId: ctx.row.conditionId,
    // Whom the attempt was for (null for the owner's own mails): the owner's receipts name them by it.
    recipientId: delivery.recipientId,
    recipient: delivery.address,
    deliveryChannel: delivery.channel,
    deliveryStatus: outcome.status,
    responseData: {
      ...logResponseData(ctx, delivery, at),
      permanent: outcome.status === "failed" && outcome.permanent,
      ...(outcome.status === "sent" ? { kept_locally: outcome.keptLocally === true } : {}),
    },
    error,
    attempt: delivery.attempts + 1,
    createdAt: at,
  };
}

/** The spec's response_data of a delivery's log rows (the channel layer adds fallback_method and permanent to its own). */
export function logResponseData(ctx: WorkContext, delivery: DeliveryRow, at: Date): Record<string, unknown> {
  return {
    emergency: false,
    triggered_by: ctx.row.reminderType === "final_delivery" ? "deadline" : "reminder",
    triggered_at: (ctx.row.releasedAt ?? at).toISOString(),
    manual_trigger: false,
    keep_armed: ctx.keepArmed,
    fallback_method: null,
    // An emergency's own fields (emergency, triggered_by, keep_armed as applied at the press…).
    ...ctx.emergency?.responseData,
    kind: delivery.kind,
    idempotency_key: delivery.idempotencyKey,
  };
}
