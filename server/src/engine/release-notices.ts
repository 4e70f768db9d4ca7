import { and, asc, eq, isNull, lte, or, sql } from "drizzle-orm";
import type { MasterKeys } from "../crypto/master-keys.ts";
import type { Db, Tx } from "../db/connect.ts";
import { inIds } from "../db/in-ids.ts";
import { deliveries, reminderSchedule } from "../db/schema.ts";
import { chunked } from "./chunked.ts";
import { loadWorkContexts } from "./load-work-context.ts";
import type { Config } from "../config.ts";
import type { OwnerPhoneNotice } from "./owner-notices.ts";
import { releaseNoticeByPhone } from "./release-notice-by-phone.ts";
import { nextNoticeAttemptAt } from "./retry-policy.ts";
import { takeClaims } from "./send-notices.ts";
import type { DeliveryRow, DoneRow, ReleaseNoticeWork } from "./work-types.ts";

/**
 * When an owner's release notice falls due (null: not yet), over `deliveries` joined to its
 * release's `reminder_schedule` row: once the row is settled (attempted, and not claimed now), from
 * the row's last write, or from the notice's own retry time after a failure. The claim below and the
 * admin's backlog (read-due-backlog.ts) both read it.
 */
export const releaseNoticeDueAt = sql`case when ${reminderSchedule.status} <> 'claimed' and ${reminderSchedule.attempts} > 0
  then coalesce(${deliveries.nextAttemptAt}, ${reminderSchedule.updatedAt}) end`;

/**
 * The owner's release notice is a delivery of its release's row (release-message.ts), but it is not
 * sent with the row (docs/decisions/012-engine-throughput-and-notices.md): it is due once the row's
 * first attempt is over and written (the row settled: attempted, and not claimed now), and is
 * claimed and sent on its own. So it never goes before the recipients' mails it tells of, a burst's
 * rows never wait in memory for their owners' mails, a notice that fails leaves its release as its
 * recipients' sends left it, and settling a row costs no statement more. Claimed for `leaseMs`,
 * oldest release first (FOR UPDATE SKIP LOCKED, as rows and notices are), with what the mails need:
 * each notice's release, read as the row's own sends read it (load-work-context.ts).
 */
export async function claimDueReleaseNotices({
  db,
  masterKeys,
  now,
  workerId,
  limit,
  leaseMs,
}: {
  db: Db;
  masterKeys: MasterKeys;
  now: Date;
  workerId: string;
  limit: number;
  leaseMs: number;
}): Promise<ReleaseNoticeWork[]> {
  if (limit <= 0) return [];
  const claimed = await db.transaction(async (tx) => {
    const due = await tx
      .select({ id: deliveries.id })
      .from(deliveries)
      .innerJoin(reminderSchedule, eq(reminderSchedule.id, deliveries.reminderId))
      .where(
        and(
          eq(deliveries.kind, "release_notice"),
          eq(deliveries.status, "pending"),
          sql`${releaseNoticeDueAt} <= ${now.toISOString()}::timestamptz`,
          or(isNull(deliveries.lockedUntil), lte(deliveries.lockedUntil, now)),
        ),
      )
      .orderBy(asc(deliveries.createdAt))
      .limit(limit)
      .for("update", { of: deliveries, skipLocked: true });
    return takeClaims(tx, { ids: due.map((d) => d.id), now, workerId, leaseMs });
  });
  if (claimed.length === 0) return [];
  const rows = await db
    .select()
    .from(reminderSchedule)
    .where(inIds(reminderSchedule.id, [...new Set(claimed.map((n) => n.reminderId!))]));
  const contexts = new Map(
    (await loadWorkContexts({ db, masterKeys, rows, forReleaseNotices: true })).map((ctx) => [ctx.row.id, ctx]),
  );
  return claimed.flatMap((notice) => {
    const ctx = contexts.get(notice.reminderId!);
    return ctx ? [{ ctx, notice }] : [];
  });
}

/**
 * Settles release notices whose attempt is over, or which go back untried, in the transaction that
 * writes their attempts (settle-work.ts: it logs each attempt, lets go of the claim of a notice sent
 * or refused for good, and queues the notice's copies to the owner's phone). One that goes back
 * untried is let go of; a transient failure is tried again with the notices' backoff
 * (retry-policy.ts) until it gives up, and then the phone copies are the only way the owner hears
 * of the release: they are returned to be queued now.
 */
export async function settleReleaseNotices(
  tx: Tx,
  { done, now, workerId, config }: { done: DoneRow[]; now: Date; workerId: string; config: Config },
): Promise<OwnerPhoneNotice[]> {
  const letGo: string[] = [];
  const retry: { id: string; at: string }[] = [];
  const givenUp: { done: DoneRow; after: DeliveryRow }[] = [];
  for (const d of done) {
    const claimed = d.notice!;
    const after = d.ctx.deliveries.find((x) => x.id === claimed.id) ?? claimed;
    // Sent or refused for good: the attempt's write let go of the claim (settle-work.ts).
    if (after.status !== "pending") continue;
    if (d.handBack) {
      letGo.push(claimed.id);
      continue;
    }
    const at = nextNoticeAttemptAt({ attempts: after.attempts, createdAt: claimed.createdAt, now });
    if (at) retry.push({ id: claimed.id, at: at.toISOString() });
    else givenUp.push({ done: d, after });
  }
  const mine = (ids: string[]) => and(inIds(deliveries.id, ids), eq(deliveries.claimedBy, workerId));
  for (const ids of chunked(letGo, 5000))
    await tx.update(deliveries).set({ lockedUntil: null, claimedBy: null }).where(mine(ids));
  for (const part of chunked(retry, 2000))
    await tx.execute(sql`update deliveries d set next_attempt_at = v.at, locked_until = null, claimed_by = null
      from jsonb_to_recordset(${JSON.stringify(part)}::jsonb) as v(id uuid, at timestamptz)
      where d.id = v.id and d.claimed_by = ${workerId} and d.status = 'pending'`);
  for (const ids of chunked(
    givenUp.map(({ after }) => after.id),
    5000,
  ))
    await tx
      .update(deliveries)
      .set({ status: "failed", lockedUntil: null, claimedBy: null })
      .where(and(mine(ids), eq(deliveries.status, "pending")));
  return givenUp.flatMap(({ done: { ctx, notice }, after }) =>
    releaseNoticeByPhone(config, {
      ctx,
      delivery: notice!,
      outcome: { status: "failed", permanent: true, error: after.lastError ?? "gave up" },
      at: now,
    }),
  );
}
