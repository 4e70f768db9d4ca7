import os from "node:os";
import crypto from "node:crypto";
import { and, eq } from "drizzle-orm";
import type { Clock } from "../clock.ts";
import type { Config } from "../config.ts";
import type { MasterKeys } from "../crypto/master-keys.ts";
import type { Db } from "../db/connect.ts";
import { reminderSchedule } from "../db/schema.ts";
import type { Mailer } from "../mail/mailer.ts";
import { claimDueWork, type ScheduleRow } from "./claim-due-work.ts";
import { commitWork } from "./commit-work.ts";
import { deliverWork } from "./deliver-work.ts";
import { finishWork } from "./finish-work.ts";
import { guardDowntime, type Outage } from "./guard-downtime.ts";
import { loadWorkContext } from "./load-work-context.ts";
import { notifyParked } from "./notify-parked.ts";
import { nextRetryAt } from "./retry-policy.ts";
import { claimDueNotices, sendNotice, settleNotice } from "./send-notices.ts";

export interface EngineLog {
  info(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface EngineTickOptions {
  db: Db;
  clock: Clock;
  mailer: Mailer;
  config: Config;
  masterKeys: MasterKeys;
  log: EngineLog;
  /** Rows claimed per tick (default config.ENGINE_BATCH_SIZE, 100). */
  limit?: number;
  /** Claimed rows worked on at once (default config.ENGINE_CONCURRENCY, 8). */
  concurrency?: number;
  /** Names this worker in claims (default host:pid:random). */
  workerId?: string;
  /** How long a claim lasts before another worker may take the row over (default 5 min). */
  leaseMs?: number;
  /** Asked between rows; true (shutting down) hands the remaining claims back at once. */
  shouldStop?: () => boolean;
  /** Claim only this owner's due rows (a user's own send-reminder-emails call); the downtime guard still runs for all. */
  userId?: string;
}

export interface TickResult {
  outage: Outage | null;
  claimed: number;
  sent: number;
  obsolete: number;
  retried: number;
  parked: number;
  released: number;
  /** The claim was a full batch: more work is probably due, so the loop goes again at once. */
  more: boolean;
}

export const defaultWorkerId = `${os.hostname()}:${process.pid}:${crypto.randomBytes(3).toString("hex")}`;

/**
 * One pass of the engine: downtime guard and heartbeat, then claim due rows and act on them,
 * `concurrency` rows at a time. Each row is still handled on its own (its transaction locks only
 * its condition), so rows in flight together cannot deadlock or see each other half-done.
 */
export async function runEngineTick(opts: EngineTickOptions): Promise<TickResult> {
  const { db, clock, config, log } = opts;
  const workerId = opts.workerId ?? defaultWorkerId;
  const limit = opts.limit ?? config.ENGINE_BATCH_SIZE;
  const outage = await guardDowntime({ db, clock, masterKeys: opts.masterKeys, config, thresholdMs: config.ENGINE_OUTAGE_THRESHOLD_MS, workerId });
  if (outage) log.info({ ...outage }, "downtime guard: deadlines inside our outage were moved");
  const rows = await claimDueWork({ db, clock, workerId, limit, leaseMs: opts.leaseMs ?? 5 * 60_000, userId: opts.userId });
  const result: TickResult = { outage, claimed: rows.length, sent: 0, obsolete: 0, retried: 0, parked: 0, released: 0, more: false };
  let next = 0;
  // Each lane takes the next row until none is left or we are shutting down; rows in flight finish.
  const lane = async () => {
    while (next < rows.length && !opts.shouldStop?.()) await workOn(opts, workerId, rows[next++]!, result);
  };
  await Promise.all(Array.from({ length: Math.min(opts.concurrency ?? config.ENGINE_CONCURRENCY, rows.length) }, lane));
  const rest = rows.slice(next);
  for (const row of rest) await releaseClaim(db, row, workerId, null);
  result.released = rest.length;
  result.more = rows.length >= limit && rest.length === 0;
  if (!opts.shouldStop?.()) await sendDueNotices(opts, workerId, log);
  return result;
}

async function workOn(opts: EngineTickOptions, workerId: string, row: ScheduleRow, result: TickResult): Promise<void> {
  const { db, clock, mailer, config, masterKeys, log } = opts;
  try {
    const decision = await commitWork({ db, clock, masterKeys, row, workerId });
    if (decision === "obsolete") result.obsolete++;
    if (decision === "not_yet") await releaseClaim(db, row, workerId, null);
    if (decision !== "deliver") return;
    const ctx = await loadWorkContext({ db, masterKeys, row: { ...row, releasedAt: row.releasedAt ?? clock.now() } });
    await deliverWork({ db, clock, mailer, config, masterKeys, ctx });
    const outcome = await finishWork({ db, clock, row, workerId });
    if (outcome.status === "sent") result.sent++;
    if (outcome.status === "retry") result.retried++;
    if (outcome.status === "parked") {
      result.parked++;
      await notifyParked(db, { masterKeys, config, now: clock.now(), row, attempts: row.attempts + 1, messageTitle: ctx.messageTitle, ownerEmail: ctx.ownerEmail, reason: outcome.reason });
    }
  } catch (err) {
    // A row that throws is pushed back with backoff, never crash-looping and never dropped.
    log.error({ err, reminderId: row.id }, "engine work failed; it will be retried");
    await releaseClaim(db, row, workerId, err instanceof Error ? err.message : String(err), clock.now()).catch((e: unknown) => log.error({ err: e }, "could not release a claim"));
    result.retried++;
  }
}

/** Sends the owner and admin notices that are due (owner-notices.ts), `concurrency` at a time. */
async function sendDueNotices(opts: EngineTickOptions, workerId: string, log: EngineLog): Promise<void> {
  const { db, clock, mailer, masterKeys, config } = opts;
  const notices = await claimDueNotices({ db, now: clock.now(), workerId, limit: opts.limit ?? config.ENGINE_BATCH_SIZE, leaseMs: opts.leaseMs ?? 5 * 60_000 });
  let next = 0;
  const lane = async () => {
    while (next < notices.length) {
      const notice = notices[next++]!;
      const outcome = await sendNotice({ mailer, masterKeys, notice });
      await settleNotice({ db, now: clock.now(), workerId, notice, outcome, log });
    }
  };
  await Promise.all(Array.from({ length: Math.min(opts.concurrency ?? config.ENGINE_CONCURRENCY, notices.length) }, lane));
}

/** Hands a claimed row back: at once (shutdown, not yet due) or, after an error, with backoff. */
async function releaseClaim(db: Db, row: ScheduleRow, workerId: string, error: string | null, now?: Date): Promise<void> {
  const mine = and(eq(reminderSchedule.id, row.id), eq(reminderSchedule.claimedBy, workerId), eq(reminderSchedule.status, "claimed"));
  if (error === null || !now) {
    await db.update(reminderSchedule).set({ status: "pending", lockedUntil: null, claimedBy: null }).where(mine);
    return;
  }
  const attempts = row.attempts + 1;
  const at = nextRetryAt({ strategy: row.retryStrategy, attempts, scheduledAt: row.scheduledAt, now });
  await db
    .update(reminderSchedule)
    .set(at ? { status: "pending", attempts, nextAttemptAt: at, lockedUntil: null, claimedBy: null, lastError: error } : { status: "parked", attempts, lockedUntil: null, lastError: error, completedAt: now })
    .where(mine);
}
