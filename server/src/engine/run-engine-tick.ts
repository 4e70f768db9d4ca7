import os from "node:os";
import crypto from "node:crypto";
import type { Clock } from "../clock.ts";
import type { Config } from "../config.ts";
import type { MasterKeys } from "../crypto/master-keys.ts";
import type { Db } from "../db/connect.ts";
import type { Mailer } from "../mail/mailer.ts";
import type { Channels } from "../channels/channel.ts";
import type { TellOwner } from "../channels/delivery/channel-failure-notice.ts";
import { closeQuestionsAfterCheckIn } from "../contacts/confirm-releases.ts";
import { grantDueAccessRequests } from "../contacts/grant-access-requests.ts";
import { remindUnansweredQuestions } from "../contacts/remind-unanswered.ts";
import { claimDueWork } from "./claim-due-work.ts";
import { commitBatch, type CommitResult } from "./commit-batch.ts";
import { guardDowntime, type Outage } from "./guard-downtime.ts";
import { loadWorkContexts } from "./load-work-context.ts";
import { claimDueReleaseNotices } from "./release-notices.ts";
import { claimDueNotices } from "./send-notices.ts";
import { createSendPipeline, type SendPipeline } from "./send-pipeline.ts";
import { releaseWithBackoff } from "./release-with-backoff.ts";
import type { ScheduleRow } from "./work-types.ts";

export interface EngineLog {
  info(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface EngineTickOptions {
  db: Db;
  clock: Clock;
  mailer: Mailer;
  /** WhatsApp, SMS and e-mail with fallback, for releases and reminders (docs/decisions/014-channels.md). */
  channels: Channels;
  /** Queues the owner's notice when a channel fails for good (channels/delivery/tell-owner.ts). */
  tellOwner: TellOwner;
  config: Config;
  masterKeys: MasterKeys;
  log: EngineLog;
  /** Rows claimed per tick (default config.ENGINE_BATCH_SIZE). */
  limit?: number;
  /** Sends at once (default config.ENGINE_CONCURRENCY). */
  concurrency?: number;
  /** Names this worker in claims (default host:pid:random). */
  workerId?: string;
  /** How long a claim lasts before another worker may take the row over (default 5 min). */
  leaseMs?: number;
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
export const DEFAULT_LEASE_MS = 5 * 60_000;

export interface ClaimStepResult {
  outage: Outage | null;
  claimed: number;
  obsolete: number;
  notYet: number;
  more: boolean;
  /** Its claim of notices was a full batch: more are probably due (a burst of contacts asked). */
  moreNotices: boolean;
  /** Its claim of owners' release notices was a full batch: more are probably due (after a burst of releases). */
  moreReleaseNotices: boolean;
}

/**
 * The database half of a tick: the downtime guard (and heartbeat), then claim a batch,
 * commit its decisions and releases set-based (commit-batch.ts), read what the mails need
 * (load-work-context.ts) and hand the sends to `pipeline`, which sends and writes back on its own.
 * Also claims due owner/admin notices. A batch that cannot be committed as a whole is committed
 * row by row, so one row that throws holds back nobody else; that row goes back with backoff.
 */
export async function runClaimStep(
  opts: EngineTickOptions,
  pipeline: SendPipeline,
  /** Look for stages closed by a check-in this pass (the background loop does it at most once per interval). */
  { closeQuestions = true }: { closeQuestions?: boolean } = {},
): Promise<ClaimStepResult> {
  const { db, clock, config, log, masterKeys } = opts;
  const workerId = opts.workerId ?? defaultWorkerId;
  const limit = opts.limit ?? config.ENGINE_BATCH_SIZE;
  const leaseMs = opts.leaseMs ?? DEFAULT_LEASE_MS;
  const outage = await guardDowntime({
    db,
    clock,
    masterKeys,
    config,
    thresholdMs: config.ENGINE_OUTAGE_THRESHOLD_MS,
    workerId,
  });
  if (outage) log.info({ ...outage }, "downtime guard: deadlines inside our outage were moved");
  // Contacts asked about an owner who has checked in since are told the question is closed. A
  // failure here is logged and tried again next pass: it must never hold back a release.
  if (!opts.userId) {
    if (closeQuestions)
      await closeQuestionsAfterCheckIn({ db, clock, masterKeys, siteUrl: config.SITE_URL }).catch((err: unknown) =>
        log.error({ err }, "could not tell trusted contacts that a question closed; trying again next pass"),
      );
    // Contacts who have not answered by halfway through the window are asked again.
    await remindUnansweredQuestions({ db, clock, masterKeys, siteUrl: config.SITE_URL }).catch((err: unknown) =>
      log.error({ err }, "could not remind trusted contacts of a question; trying again next pass"),
    );
    // Requests for access nobody denied in time go to their contacts; one that cannot be granted
    // now stays waiting and is tried again next pass.
    await grantDueAccessRequests({ db, clock, masterKeys, siteUrl: config.SITE_URL, log }).catch((err: unknown) =>
      log.error({ err }, "could not look for requests for access to grant; trying again next pass"),
    );
  }
  // Notices are claimed only while no release or reminder waits for a lane: during a burst they
  // wait in the table (not in memory, where their claim could lapse) and go out once it is sent.
  const claimNotices = !opts.userId && pipeline.queued("deliveries") === 0;
  const rows = await claimDueWork({ db, clock, workerId, limit, leaseMs, userId: opts.userId });
  const result: ClaimStepResult = {
    outage,
    claimed: rows.length,
    obsolete: 0,
    notYet: 0,
    more: rows.length >= limit,
    moreNotices: false,
    moreReleaseNotices: false,
  };
  for (const part of await commitInParts(opts, workerId, rows)) {
    result.obsolete += part.obsolete;
    result.notYet += part.notYet;
    if (part.deliver.length === 0) continue;
    try {
      pipeline.addWork(
        await loadWorkContexts({
          db,
          masterKeys,
          rows: part.deliver,
          conditions: part.conditions,
          deliveries: part.deliveries,
        }),
      );
    } catch (err) {
      log.error({ err, rows: part.deliver.length }, "could not read what the mails need; the rows will be retried");
      await releaseWithBackoff(db, {
        rows: part.deliver,
        workerId,
        now: clock.now(),
        error: errorText(err),
        config,
        masterKeys,
      });
    }
  }
  if (claimNotices) {
    const notices = await claimDueNotices({ db, now: clock.now(), workerId, limit, leaseMs });
    pipeline.addNotices(notices);
    // A full batch of notices (contacts asked in a burst) means more are due: go again at once.
    if (notices.length >= limit) result.more = result.moreNotices = true;
  }
  // Owners' release notices once a claim of deadlines comes back short (a burst's are all taken,
  // and their recipients' mails go first), up to a batch waiting for a lane.
  if (claimNotices && rows.length < limit) {
    const room = limit - pipeline.queued("releaseNotices");
    const notices = await claimDueReleaseNotices({ db, masterKeys, now: clock.now(), workerId, limit: room, leaseMs });
    pipeline.addReleaseNotices(notices);
    if (room > 0 && notices.length >= room) result.moreReleaseNotices = true;
  }
  return result;
}

async function commitInParts(opts: EngineTickOptions, workerId: string, rows: ScheduleRow[]): Promise<CommitResult[]> {
  const { db, clock, masterKeys, log, config } = opts;
  try {
    return [await commitBatch({ db, clock, masterKeys, rows, workerId, siteUrl: config.SITE_URL })];
  } catch (err) {
    if (rows.length === 1) {
      // A row whose processing throws is pushed back with backoff, never crash-looping and never dropped.
      log.error({ err, reminderId: rows[0]!.id }, "engine work failed; it will be retried");
      await releaseWithBackoff(db, {
        rows,
        workerId,
        now: clock.now(),
        error: errorText(err),
        config,
        masterKeys,
      }).catch((e: unknown) => log.error({ err: e }, "could not release a claim"));
      return [];
    }
    log.error({ err, rows: rows.length }, "a batch could not be committed as a whole; committing its rows one by one");
    const parts: CommitResult[] = [];
    for (const row of rows) parts.push(...(await commitInParts(opts, workerId, [row])));
    return parts;
  }
}

/**
 * A short, plain reason for reminder_schedule.last_error: the database's own message (a failed
 * query's text with its parameters would put ids and sealed values in the table), cut short.
 */
export function errorText(err: unknown): string {
  const e = err as { cause?: { message?: string }; message?: string };
  const text =
    e?.cause?.message ??
    (e?.message?.startsWith("Failed query") ? "a database query failed" : e?.message) ??
    String(err);
  return text.length > 200 ? `${text.slice(0, 199)}…` : text;
}

/**
 * One whole pass, waiting for its sends: guard, claim, commit, send, write back. What tests (with
 * a fake clock) and the send-reminder-emails route run; the background loop (start-engine.ts)
 * runs the same steps without waiting on sends.
 */
export async function runEngineTick(opts: EngineTickOptions): Promise<TickResult> {
  const workerId = opts.workerId ?? defaultWorkerId;
  const pipeline = createSendPipeline({
    ...opts,
    workerId,
    concurrency: opts.concurrency ?? opts.config.ENGINE_CONCURRENCY,
  });
  try {
    const step = await runClaimStep({ ...opts, workerId }, pipeline);
    await pipeline.drain();
    // Release notices and notices this pass queued (a row settled, a row parked, a release notice's
    // copies to the owner's phone) go out in the same pass, as they would a moment later in the loop.
    if (!opts.userId) {
      const claim = () => ({
        db: opts.db,
        now: opts.clock.now(),
        workerId,
        limit: opts.limit ?? opts.config.ENGINE_BATCH_SIZE,
        leaseMs: opts.leaseMs ?? DEFAULT_LEASE_MS,
      });
      pipeline.addReleaseNotices(await claimDueReleaseNotices({ ...claim(), masterKeys: opts.masterKeys }));
      await pipeline.drain();
      pipeline.addNotices(await claimDueNotices(claim()));
      await pipeline.drain();
    }
    const { sent, retried, parked, handedBack } = pipeline.counts;
    return {
      outage: step.outage,
      claimed: step.claimed,
      sent,
      obsolete: step.obsolete,
      retried,
      parked,
      released: step.notYet + handedBack,
      more: step.more,
    };
  } finally {
    await pipeline.stop(0);
  }
}
