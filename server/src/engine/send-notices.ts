import { and, asc, eq, isNotNull, isNull, lte, or, sql } from "drizzle-orm";
import type { Channels } from "../channels/channel.ts";
import { sendOwnerPhoneNotice } from "../channels/delivery/send-owner-phone-notice.ts";
import { sendContactPhoneNotice } from "../contacts/send-contact-phone-notice.ts";
import type { Clock } from "../clock.ts";
import type { Config } from "../config.ts";
import type { MasterKeys } from "../crypto/master-keys.ts";
import type { Db, Tx } from "../db/connect.ts";
import { inIds } from "../db/in-ids.ts";
import { deliveries } from "../db/schema.ts";
import type { Mailer } from "../mail/mailer.ts";
import { chunked } from "./chunked.ts";
import { classifySendError } from "./classify-send-error.ts";
import { openNotice, openPhoneNotice } from "./owner-notices.ts";
import { nextNoticeAttemptAt } from "./retry-policy.ts";

type NoticeRow = typeof deliveries.$inferSelect;

/**
 * Claims due notices (owner-notices.ts) for `leaseMs`, like schedule rows: FOR UPDATE SKIP LOCKED,
 * so several workers never send one twice, and a dead worker's claim lapses by itself.
 */
export async function claimDueNotices({
  db,
  now,
  workerId,
  limit,
  leaseMs,
}: {
  db: Db;
  now: Date;
  workerId: string;
  limit: number;
  leaseMs: number;
}): Promise<NoticeRow[]> {
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ id: deliveries.id })
      .from(deliveries)
      .where(
        and(
          isNotNull(deliveries.nextAttemptAt),
          eq(deliveries.kind, "notice"),
          eq(deliveries.status, "pending"),
          lte(deliveries.nextAttemptAt, now),
          or(isNull(deliveries.lockedUntil), lte(deliveries.lockedUntil, now)),
        ),
      )
      .orderBy(asc(deliveries.nextAttemptAt))
      .limit(limit)
      .for("update", { skipLocked: true });
    return takeClaims(tx, { ids: due.map((d) => d.id), now, workerId, leaseMs });
  });
}

/** Claims these deliveries (notices, chosen FOR UPDATE by the caller) for `leaseMs`; returns them as claimed. */
export async function takeClaims(
  tx: Tx,
  { ids, now, workerId, leaseMs }: { ids: string[]; now: Date; workerId: string; leaseMs: number },
): Promise<NoticeRow[]> {
  if (ids.length === 0) return [];
  return tx
    .update(deliveries)
    .set({ lockedUntil: new Date(now.getTime() + leaseMs), claimedBy: workerId })
    .where(inIds(deliveries.id, ids))
    .returning();
}

export type NoticeOutcome =
  | { status: "sent" }
  | { status: "retry"; error: string }
  | { status: "failed"; error: string }
  /** Not sent by rule (a phone channel the owner's route no longer allows): recorded, not an operator's problem. */
  | { status: "skipped"; error: string };

/** What a phone notice needs beyond the mailer: the channels and the owner's route. */
export interface PhoneNoticeDeps {
  db: Db;
  clock: Clock;
  config: Config;
  channels: Channels;
  log: { error(obj: object, msg: string): void };
}

/**
 * Sends one claimed notice — by mail, or (channel whatsapp/sms) to the owner's or a trusted
 * contact's phone through the channel layer; never throws (a failure is an outcome). A phone notice
 * the rules no longer allow is not sent: it ends as failed with the reason (not logged: a rule,
 * not a fault).
 */
export async function sendNotice({
  mailer,
  masterKeys,
  notice,
  phone,
}: {
  mailer: Mailer;
  masterKeys: MasterKeys;
  notice: NoticeRow;
  phone: PhoneNoticeDeps;
}): Promise<NoticeOutcome> {
  try {
    if (notice.channel !== "email") {
      const { about, ...opened } = openPhoneNotice(masterKeys, notice);
      const result =
        "contactId" in about
          ? await sendContactPhoneNotice({
              ...phone,
              notice: { channel: notice.channel, contactId: about.contactId, ...opened },
            })
          : await sendOwnerPhoneNotice({
              ...phone,
              notice: {
                id: notice.id,
                userId: notice.userId!,
                channel: notice.channel,
                attempt: notice.attempts + 1,
                about,
                ...opened,
              },
            });
      // Not sent by rule, or refused for good: settleNotice marks it failed with the reason.
      return result.status === "skipped" ? { status: "skipped", error: result.reason } : result;
    }
    await mailer.send(openNotice(masterKeys, notice));
    return { status: "sent" };
  } catch (err) {
    const failure = classifySendError(err);
    return failure.permanent ? { status: "failed", error: failure.reason } : { status: "retry", error: failure.reason };
  }
}

/** Writes that these notices were sent, in one statement (only those whose claim is still ours). */
export async function settleSentNotices({
  db,
  now,
  workerId,
  ids,
}: {
  db: Db;
  now: Date;
  workerId: string;
  ids: string[];
}): Promise<void> {
  for (const part of chunked(ids, 5000))
    await db
      .update(deliveries)
      .set({
        status: "sent",
        sentAt: now,
        lastError: null,
        lockedUntil: null,
        claimedBy: null,
        attempts: sql`${deliveries.attempts} + 1`,
      })
      .where(and(inIds(deliveries.id, part), eq(deliveries.claimedBy, workerId), eq(deliveries.status, "pending")));
}

/**
 * Writes the outcome of a notice that was not sent (only while our claim holds): tried again later
 * with backoff, or failed for good (a 5xx, or two days of failures), which is logged for the operator: the
 * notice stays in the table with its last error.
 */
export async function settleNotice({
  db,
  now,
  workerId,
  notice,
  outcome,
  log,
}: {
  db: Db;
  now: Date;
  workerId: string;
  notice: NoticeRow;
  /** A sent notice is written with others (settleSentNotices). */
  outcome: Exclude<NoticeOutcome, { status: "sent" }>;
  log: { error(obj: object, msg: string): void };
}): Promise<void> {
  const mine = and(eq(deliveries.id, notice.id), eq(deliveries.claimedBy, workerId), eq(deliveries.status, "pending"));
  const attempts = notice.attempts + 1;
  const free = { lockedUntil: null, claimedBy: null, attempts };
  const at = outcome.status === "retry" ? nextNoticeAttemptAt({ attempts, createdAt: notice.createdAt, now }) : null;
  if (at) {
    await db
      .update(deliveries)
      .set({ ...free, nextAttemptAt: at, lastError: outcome.error })
      .where(mine);
    return;
  }
  await db
    .update(deliveries)
    .set({ ...free, status: "failed", lastError: outcome.error })
    .where(mine);
  // A copy the owner's plan or choice no longer allows is expected, not a failure to look into.
  if (outcome.status === "skipped") return;
  log.error({ deliveryId: notice.id, attempts, error: outcome.error }, "gave up sending a notice to an owner or admin");
}

/**
 * Sends one claimed notice from a lane and writes a failure's outcome at once (a sent one is written
 * with others: "sent"). A notice that waited in the queue until its claim is about to run out is not
 * sent under it: another claim may take it then, and both would send. It goes back to be claimed
 * afresh ("done", as is a failure written). "abandoned": the pipeline stopped while it was sent.
 */
export async function sendClaimedNotice(
  deps: { db: Db; clock: Clock; mailer: Mailer; masterKeys: MasterKeys; workerId: string; phone: PhoneNoticeDeps },
  notice: NoticeRow,
  { leaseMargin, abandoned }: { leaseMargin: number; abandoned: () => boolean },
): Promise<"sent" | "done" | "abandoned"> {
  const { db, clock, workerId, phone } = deps;
  const lease = notice.lockedUntil?.getTime() ?? Infinity;
  if (clock.now().getTime() + leaseMargin > lease) {
    await unclaimNotices({ db, workerId, ids: [notice.id], log: phone.log });
    return "done";
  }
  const outcome = await sendNotice({ mailer: deps.mailer, masterKeys: deps.masterKeys, notice, phone });
  if (abandoned()) return "abandoned";
  if (outcome.status === "sent") return "sent";
  try {
    await settleNotice({ db, now: clock.now(), workerId, notice, outcome, log: phone.log });
  } catch (err) {
    phone.log.error(
      { err, deliveryId: notice.id },
      "could not write a notice's outcome; it will be tried again when its claim runs out",
    );
  }
  return "done";
}

/** Lets go of our claim on these notices untried: another claim may take them at once. */
export async function unclaimNotices({
  db,
  workerId,
  ids,
  log,
}: {
  db: Db;
  workerId: string;
  ids: string[];
  log: { error(obj: object, msg: string): void };
}): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(deliveries)
    .set({ lockedUntil: null, claimedBy: null })
    .where(and(inIds(deliveries.id, ids), eq(deliveries.claimedBy, workerId)))
    .catch((err: unknown) => log.error({ err }, "could not hand back claimed notices"));
}
