import type { StuckDelivery } from "@trigger-switch/contracts";
import { and, asc, eq, gt, inArray, isNull, notLike, or, sql } from "drizzle-orm";
import type { ChannelId } from "../channels/channel.ts";
import { NOT_SENT_BY_RULE } from "../channels/delivery/send-owner-phone-notice.ts";
import type { Db } from "../db/connect.ts";
import { deliveries, reminderDeliveryLog, reminderSchedule, users } from "../db/schema.ts";

/**
 * Work that needs a person: parked rows (the engine gave up) and pending rows that have failed at
 * least once (retrying with backoff) — schedule rows and owner/admin notices alike. Parked first,
 * then the most overdue. Addresses and errors only — never a title, text, attachment, nor a
 * notice's subject or text (they stay sealed).
 */
export async function listStuckDeliveries({ db, limit = 100 }: { db: Db; limit?: number }): Promise<StuckDelivery[]> {
  const [schedule, notices] = await Promise.all([listStuckRows({ db, limit }), listStuckNotices({ db, limit })]);
  const rank = (d: StuckDelivery) => (d.status === "parked" ? 0 : 1);
  return [...schedule, ...notices]
    .sort((a, b) => rank(a) - rank(b) || a.scheduled_at.localeCompare(b.scheduled_at))
    .slice(0, limit);
}

async function listStuckRows({ db, limit }: { db: Db; limit: number }): Promise<StuckDelivery[]> {
  const found = await db
    .select({ row: reminderSchedule, ownerEmail: users.email })
    .from(reminderSchedule)
    .innerJoin(users, eq(users.id, reminderSchedule.userId))
    .where(
      or(
        eq(reminderSchedule.status, "parked"),
        and(eq(reminderSchedule.status, "pending"), gt(reminderSchedule.attempts, 0)),
      ),
    )
    .orderBy(sql`case ${reminderSchedule.status} when 'parked' then 0 else 1 end`, asc(reminderSchedule.scheduledAt))
    .limit(limit);
  if (found.length === 0) return [];
  const sends = await db
    .select()
    .from(deliveries)
    .where(
      inArray(
        deliveries.reminderId,
        found.map((f) => f.row.id),
      ),
    )
    .orderBy(asc(deliveries.createdAt));
  const tried = await lastTried(
    db,
    sends.map((d) => d.id),
  );
  return found.map(({ row, ownerEmail }) => ({
    id: row.id,
    status: row.status === "parked" ? "parked" : "pending",
    reminder_type: row.reminderType,
    owner_email: ownerEmail,
    notice: null,
    message_id: row.messageId,
    condition_id: row.conditionId,
    deadline: row.deadline.toISOString(),
    scheduled_at: row.scheduledAt.toISOString(),
    attempts: row.attempts,
    next_attempt_at: row.status === "pending" ? row.nextAttemptAt.toISOString() : null,
    last_error: row.lastError,
    deliveries: sends.filter((d) => d.reminderId === row.id).map((d) => sendOf(d, tried.get(d.id))),
  }));
}

/**
 * Per delivery, the channel and address of its latest attempt: a recipient's release is written
 * down as e-mail to their first address, and the channel layer may have tried WhatsApp or SMS.
 */
async function lastTried(db: Db, ids: string[]): Promise<Map<string, { channel: ChannelId; address: string }>> {
  const found = new Map<string, { channel: ChannelId; address: string }>();
  if (ids.length === 0) return found;
  const attempts = await db
    .select({
      deliveryId: reminderDeliveryLog.deliveryId,
      channel: reminderDeliveryLog.deliveryChannel,
      address: reminderDeliveryLog.recipient,
    })
    .from(reminderDeliveryLog)
    .where(inArray(reminderDeliveryLog.deliveryId, ids))
    .orderBy(asc(reminderDeliveryLog.createdAt));
  for (const a of attempts) found.set(a.deliveryId!, { channel: a.channel as ChannelId, address: a.address });
  return found;
}

/** One delivery of a stuck row as the list shows it: channel, address, state, never content. */
function sendOf(d: typeof deliveries.$inferSelect, tried?: { channel: ChannelId; address: string }) {
  return {
    kind: d.kind,
    channel: tried?.channel ?? d.channel,
    address: tried?.address ?? d.address,
    status: d.status,
    attempts: d.attempts,
    last_error: d.lastError,
  };
}

/** What a notice is about, from its key (`notice:<topic>:<ids…>`, engine/owner-notices.ts). */
/** What a notice is about, from its key (`notice:<topic>:…`); an owner's release notice is keyed by its release. */
export const noticeTopic = (row: { kind: string; idempotencyKey: string }) =>
  row.kind === "release_notice" ? "release-notice" : (row.idempotencyKey.split(":")[1] ?? "notice");

/** Notices queued on their own, and owners' release notices (sent on their own once their release is settled). */
export const NOTICE_KINDS = ["notice", "release_notice"] as const;

/**
 * Notices (queued on their own, and owners' release notices) that failed for good — listed as
 * parked — or are retrying after a failure. A phone notice not sent by rule (the owner's route no
 * longer has that channel) is not a fault and is left out.
 */
async function listStuckNotices({ db, limit }: { db: Db; limit: number }): Promise<StuckDelivery[]> {
  const found = await db
    .select()
    .from(deliveries)
    .where(
      and(
        inArray(deliveries.kind, [...NOTICE_KINDS]),
        or(
          and(
            eq(deliveries.status, "failed"),
            or(isNull(deliveries.lastError), notLike(deliveries.lastError, `${NOT_SENT_BY_RULE}%`)),
          ),
          and(eq(deliveries.status, "pending"), gt(deliveries.attempts, 0)),
        ),
      ),
    )
    .orderBy(sql`case ${deliveries.status} when 'failed' then 0 else 1 end`, asc(deliveries.createdAt))
    .limit(limit);
  return found.map((d) => ({
    id: d.id,
    status: d.status === "failed" ? "parked" : "pending",
    reminder_type: "notice",
    owner_email: d.address,
    notice: { to: d.userId || d.kind === "release_notice" ? "owner" : "admin", topic: noticeTopic(d) },
    message_id: null,
    condition_id: null,
    deadline: null,
    scheduled_at: d.createdAt.toISOString(),
    attempts: d.attempts,
    next_attempt_at: d.status === "pending" && d.nextAttemptAt ? d.nextAttemptAt.toISOString() : null,
    last_error: d.lastError,
    deliveries: [sendOf(d)],
  }));
}
