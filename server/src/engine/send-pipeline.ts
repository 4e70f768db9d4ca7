import { and, eq } from "drizzle-orm";
import type { ChannelId, Channels } from "../channels/channel.ts";
import type { TellOwner } from "../channels/delivery/channel-failure-notice.ts";
import type { Clock } from "../clock.ts";
import type { Config } from "../config.ts";
import type { MasterKeys } from "../crypto/master-keys.ts";
import type { Db } from "../db/connect.ts";
import { inIds } from "../db/in-ids.ts";
import { deliveries } from "../db/schema.ts";
import type { Mailer } from "../mail/mailer.ts";
import { sendDelivery, type SendDeliveryDeps } from "./send-delivery.ts";
import { sendNotice, settleNotice, settleSentNotices } from "./send-notices.ts";
import type { RowOutcome } from "./row-outcome.ts";
import { settleWork } from "./settle-work.ts";
import type { Attempt, DeliveryRow, DoneRow, ReleaseNoticeWork, SendOutcome, WorkContext } from "./work-types.ts";

type NoticeRow = typeof deliveries.$inferSelect;
type Job = { kind: "delivery"; state: RowState; delivery: DeliveryRow } | { kind: "notice"; notice: NoticeRow };

interface RowState {
  ctx: WorkContext;
  /** Jobs of this row not finished yet. */
  remaining: number;
  /** Set when the row must go back untried (shutdown, lease about to run out): its other jobs are skipped. */
  handBack: boolean;
  /** When our claim runs out: the row's lease, or for an owner's release notice, the notice's own. */
  leaseUntil: number;
  /** Set for an owner's release notice claimed on its own (release-notices.ts): it is settled, not its row. */
  notice?: DeliveryRow;
}

export interface PipelineCounts {
  sent: number;
  retried: number;
  parked: number;
  handedBack: number;
}

export interface SendPipeline {
  /** Queues the pending deliveries of committed rows (rows with none are settled at once). */
  addWork(contexts: WorkContext[]): void;
  /** Queues claimed notices (owner-notices.ts). */
  addNotices(notices: NoticeRow[]): void;
  /** Queues claimed owners' release notices, each with its release's context (release-notices.ts). */
  addReleaseNotices(notices: ReleaseNoticeWork[]): void;
  /** Rows and notices not finished and written yet. */
  backlog(): number;
  /** Recipients' and reminders' sends waiting for a lane (notices not counted): the loop claims more only below a bound. */
  queuedUrgent(): number;
  /** Rows with a recipient's or reminder's send not finished. */
  urgentBacklog(): number;
  /** Claimed notices waiting for a lane (owners' release notices not counted). */
  queuedNotices(): number;
  /** Owners' release notices waiting for a lane. */
  queuedReleaseNotices(): number;
  /**
   * While on, lanes leave owners' release notices queued even when nothing else waits: the loop
   * turns it on after a full claim (more deadlines of a burst are due, and their recipients' mails
   * come first) and off otherwise. Off by default.
   */
  holdReleaseNotices(on: boolean): void;
  /** Resolves once everything queued was sent (or failed) and written. */
  drain(): Promise<void>;
  /**
   * Starts no more sends, gives the sends in flight up to `graceMs`, writes what finished and hands
   * every unfinished row and notice back (claim cleared: another process may take it at once).
   * Bounded: a send still stuck after the grace is abandoned (its own time limit ends it; if it did
   * reach the mail server, that one mail may repeat, as after a kill -9).
   */
  stop(graceMs: number): Promise<void>;
  counts: PipelineCounts;
}

/** How long outcomes may wait before they are written together (a kill -9 repeats at most these sends). */
const FLUSH_AFTER_MS = 200;
const FLUSH_AT = 1000;
/**
 * Sent notices are written sooner: a burst of them (trusted contacts' questions) is short, and a
 * kill -9 inside the window sends each again. A few dozen a statement still spares the database
 * an UPDATE per mail.
 */
const NOTICES_FLUSH_AFTER_MS = 20;
const CHANNEL_IDS: readonly ChannelId[] = ["email", "whatsapp", "sms"];

/**
 * The engine's sends: `concurrency` lanes per channel take jobs from the queues and send them through
 * `send` (default sendDelivery: the only way out, a seam for other channels); outcomes are written
 * back in batches (settle-work.ts) a few milliseconds later. A slow or stuck send occupies one
 * lane for at most the mailer's per-send limit and holds only its own row (its lease); it never
 * holds a tick, the heartbeat or other rows. Before each send the row's lease is checked: a row
 * whose lease is about to run out goes back untried instead of being sent twice.
 */
export function createSendPipeline(opts: {
  db: Db;
  clock: Clock;
  config: Config;
  masterKeys: MasterKeys;
  mailer: Mailer;
  channels: Channels;
  tellOwner: TellOwner;
  workerId: string;
  concurrency: number;
  log: { error(obj: object, msg: string): void };
  /** Called after rows were settled: their owners' release notices have fallen due (release-notices.ts). */
  onRowsSettled?: () => void;
  send?: (deps: SendDeliveryDeps, job: { ctx: WorkContext; delivery: DeliveryRow; now: Date }) => Promise<SendOutcome>;
}): SendPipeline {
  const { db, clock, config, masterKeys, mailer, workerId, log } = opts;
  const send = opts.send ?? sendDelivery;
  const deps: SendDeliveryDeps = {
    db,
    clock,
    config,
    masterKeys,
    mailer,
    channels: opts.channels,
    tellOwner: opts.tellOwner,
  };
  // A send may take up to the per-send limit: a lease must outlast it, with room to write the outcome.
  const leaseMargin = config.SMTP_SEND_TIMEOUT_MS + 10_000;
  // Each channel has its own lanes, so a provider that hangs holds only its own sends, never
  // another owner's e-mail. A job goes to the lane of the channel it tries first (WorkContext.lanes).
  // Three queues per channel: a lane takes the recipients' and reminders' sends first, then claimed
  // notices (a trusted contact's question, an outage notice), then owners' release notices, so the
  // owners' mails of a burst never make its recipients' mails later.
  const queues: Record<ChannelId, { deliveries: Job[]; notices: Job[]; releaseNotices: Job[] }> = {
    email: { deliveries: [], notices: [], releaseNotices: [] },
    whatsapp: { deliveries: [], notices: [], releaseNotices: [] },
    sms: { deliveries: [], notices: [], releaseNotices: [] },
  };
  const allQueues = Object.values(queues);
  let urgentRows = 0;
  const queueLength = () =>
    allQueues.reduce((n, q) => n + q.deliveries.length + q.notices.length + q.releaseNotices.length, 0);
  const attempts: Attempt[] = [];
  const done: DoneRow[] = [];
  /** Notices sent and not yet written: written together, as rows are. */
  const sentNotices: string[] = [];
  const counts: PipelineCounts = { sent: 0, retried: 0, parked: 0, handedBack: 0 };
  let open = 0; // rows + notices not yet written
  let stopping = false;
  let releaseNoticesHeld = false;
  let idleWaiters: (() => void)[] = [];
  let wakeLane: (() => void)[] = [];
  let flushTimer: NodeJS.Timeout | undefined;
  let flushDueAt = Infinity;
  let flushing: Promise<void> = Promise.resolve();
  const inFlight = new Set<Promise<void>>();
  /** Rows with jobs not finished. */
  const active = new Set<RowState>();
  /** After stop(): a send that comes back now was abandoned and its row handed back; nothing is written. */
  let closed = false;

  const settleIdle = () => {
    if (open > 0) return;
    const waiters = idleWaiters;
    idleWaiters = [];
    for (const w of waiters) w();
  };
  const tally = (outcome: RowOutcome) => {
    if (outcome.status === "sent") counts.sent++;
    else if (outcome.status === "retry") counts.retried++;
    else if (outcome.status === "parked") counts.parked++;
    else counts.handedBack++;
  };

  const flush = (): Promise<void> => {
    clearTimeout(flushTimer);
    flushTimer = undefined;
    flushDueAt = Infinity;
    flushing = flushing.then(async () => {
      if (attempts.length === 0 && done.length === 0 && sentNotices.length === 0) return;
      const a = attempts.splice(0);
      const d = done.splice(0);
      const n = sentNotices.splice(0);
      if (n.length > 0) {
        try {
          await settleSentNotices({ db, now: clock.now(), workerId, ids: n });
        } catch (err) {
          log.error(
            { err, notices: n.length },
            "could not write that notices were sent; they will be tried again when their claim runs out",
          );
        }
        open -= n.length;
      }
      try {
        const outcomes = await settleWork({ db, config, masterKeys, workerId, now: clock.now(), attempts: a, done: d });
        for (const outcome of outcomes.values()) tally(outcome);
        open -= d.length;
        if (d.some((row) => !row.notice && !row.handBack)) opts.onRowsSettled?.();
      } catch (err) {
        // The database is unreachable: these claims lapse with their lease and another attempt follows
        // (the sends may repeat, as after a crash). Nothing is lost: the intents are committed.
        log.error(
          { err, rows: d.length, attempts: a.length },
          "could not write the outcome of sends; their rows will be retried when their lease runs out",
        );
        open -= d.length;
      }
      settleIdle();
    });
    return flushing;
  };
  const scheduleFlush = (withinMs = FLUSH_AFTER_MS) => {
    // Write at once when nothing else is coming (the last send of a burst, a test's tick), else in batches.
    const quiet = queueLength() === 0 && inFlight.size <= 1;
    if (quiet || attempts.length + done.length + sentNotices.length >= FLUSH_AT) return void flush();
    const at = performance.now() + withinMs;
    if (at >= flushDueAt) return;
    clearTimeout(flushTimer);
    flushDueAt = at;
    flushTimer = setTimeout(() => void flush(), withinMs);
  };
  const rowDone = (state: RowState) => {
    active.delete(state);
    done.push({ ctx: state.ctx, handBack: state.handBack, notice: state.notice });
    scheduleFlush();
  };

  const jobDone = (state: RowState, { flush = true } = {}) => {
    if (--state.remaining > 0) {
      if (flush) scheduleFlush();
      return;
    }
    if (!state.notice) urgentRows--;
    rowDone(state);
  };

  const runJob = async (job: Job): Promise<void> => {
    if (job.kind === "notice") {
      // A notice that waited in the queue until its claim is about to run out is not sent under it:
      // another claim may take it then, and both would send. It goes back to be claimed afresh.
      const lease = job.notice.lockedUntil?.getTime() ?? Infinity;
      if (clock.now().getTime() + leaseMargin > lease) {
        await unclaimNotices([job.notice.id]);
        open--;
        settleIdle();
        return;
      }
      const outcome = await sendNotice({
        mailer,
        masterKeys,
        notice: job.notice,
        phone: { db, clock, config, channels: opts.channels, log: opts.log },
      });
      if (closed) return;
      if (outcome.status === "sent") {
        sentNotices.push(job.notice.id);
        scheduleFlush(NOTICES_FLUSH_AFTER_MS);
        return;
      }
      try {
        await settleNotice({ db, now: clock.now(), workerId, notice: job.notice, outcome, log });
      } catch (err) {
        log.error(
          { err, deliveryId: job.notice.id },
          "could not write a notice's outcome; it will be tried again when its claim runs out",
        );
      }
      open--;
      settleIdle();
      return;
    }
    const { state, delivery } = job;
    if (stopping || state.handBack || clock.now().getTime() + leaseMargin > state.leaseUntil) {
      state.handBack = true;
    } else {
      const outcome = await send(deps, { ctx: state.ctx, delivery, now: clock.now() });
      if (closed) return;
      const at = clock.now();
      // A provider that asked us to wait (Retry-After) is not tried again sooner.
      if (outcome.status === "failed" && outcome.retryAfterMs) {
        const after = new Date(at.getTime() + outcome.retryAfterMs);
        if (!state.ctx.notBefore || after > state.ctx.notBefore) state.ctx.notBefore = after;
      }
      attempts.push({ ctx: state.ctx, delivery, outcome, at });
      // The row is settled from its deliveries as they now stand.
      const i = state.ctx.deliveries.findIndex((d) => d.id === delivery.id);
      const after: DeliveryRow = {
        ...delivery,
        attempts: delivery.attempts + 1,
        ...(outcome.status === "sent"
          ? { status: "sent", sentAt: at, lastError: null }
          : { status: outcome.permanent ? "failed" : "pending", lastError: outcome.error }),
      };
      if (i >= 0) state.ctx.deliveries[i] = after;
    }
    jobDone(state);
  };

  const lane = async (channel: ChannelId) => {
    const queue = queues[channel];
    for (;;) {
      const job =
        queue.deliveries.shift() ??
        queue.notices.shift() ??
        (releaseNoticesHeld ? undefined : queue.releaseNotices.shift());
      if (!job) {
        if (stopping) return;
        await new Promise<void>((resolve) => wakeLane.push(resolve));
        continue;
      }
      const running = runJob(job).catch((err: unknown) => log.error({ err }, "an engine send failed unexpectedly"));
      inFlight.add(running);
      await running;
      inFlight.delete(running);
    }
  };
  const wake = () => {
    const lanes = wakeLane;
    wakeLane = [];
    for (const w of lanes) w();
  };
  for (const channel of CHANNEL_IDS) for (let i = 0; i < Math.max(1, opts.concurrency); i++) void lane(channel);

  return {
    counts,
    addWork(contexts) {
      if (stopping) {
        // A claim step that finished after stop() began: its rows go straight back.
        open += contexts.length;
        for (const ctx of contexts) done.push({ ctx, handBack: true });
        void flush();
        return;
      }
      for (const ctx of contexts) {
        // The owner's release notice is not sent with its row: it falls due once the row is settled (release-notices.ts).
        const pending = ctx.deliveries.filter((d) => d.status === "pending" && d.kind !== "release_notice");
        const leaseUntil = ctx.row.lockedUntil?.getTime() ?? Infinity;
        const state: RowState = { ctx, remaining: pending.length, handBack: false, leaseUntil };
        open++;
        active.add(state);
        if (pending.length === 0) {
          rowDone(state);
          continue;
        }
        urgentRows++;
        for (const delivery of pending)
          queues[ctx.lanes.get(delivery.id) ?? "email"].deliveries.push({ kind: "delivery", state, delivery });
      }
      wake();
    },
    addReleaseNotices(notices) {
      for (const { ctx, notice } of notices) {
        const state: RowState = {
          ctx,
          remaining: 1,
          handBack: stopping,
          leaseUntil: notice.lockedUntil?.getTime() ?? Infinity,
          notice,
        };
        open++;
        active.add(state);
        // A claim that finished after stop() began: the notice goes straight back.
        if (stopping) rowDone(state);
        else queues.email.releaseNotices.push({ kind: "delivery", state, delivery: notice });
      }
      if (stopping) void flush();
      wake();
    },
    addNotices(notices) {
      if (stopping) {
        void unclaimNotices(notices.map((n) => n.id));
        return;
      }
      open += notices.length;
      for (const notice of notices) queues[notice.channel].notices.push({ kind: "notice", notice });
      wake();
    },
    holdReleaseNotices(on) {
      if (releaseNoticesHeld === on) return;
      releaseNoticesHeld = on;
      if (!on) wake();
    },
    backlog: () => open,
    queuedUrgent: () => allQueues.reduce((n, q) => n + q.deliveries.length, 0),
    urgentBacklog: () => urgentRows,
    queuedNotices: () => allQueues.reduce((n, q) => n + q.notices.length, 0),
    queuedReleaseNotices: () => allQueues.reduce((n, q) => n + q.releaseNotices.length, 0),
    async drain() {
      if (open > 0) await new Promise<void>((resolve) => idleWaiters.push(resolve));
      await flushing;
    },
    async stop(graceMs) {
      stopping = true;
      releaseNoticesHeld = false;
      // Jobs not started go back untried: their rows are handed back, their notices unclaimed.
      const notStarted = allQueues.flatMap((q) => [
        ...q.deliveries.splice(0),
        ...q.notices.splice(0),
        ...q.releaseNotices.splice(0),
      ]);
      const notices = notStarted.flatMap((j) => (j.kind === "notice" ? [j.notice.id] : []));
      for (const job of notStarted) {
        if (job.kind === "delivery") {
          job.state.handBack = true;
          jobDone(job.state, { flush: false });
        }
      }
      wake();
      let timer: NodeJS.Timeout | undefined;
      const graceOver = new Promise<"late">((resolve) => (timer = setTimeout(() => resolve("late"), graceMs)));
      const finished = await Promise.race([Promise.all([...inFlight]).then(() => "done" as const), graceOver]);
      clearTimeout(timer);
      if (finished === "late") {
        // Stuck sends are abandoned: their rows go back now, so another process can take them at once.
        closed = true;
        for (const state of [...active]) {
          state.handBack = true;
          rowDone(state);
        }
      }
      await flush();
      closed = true;
      await unclaimNotices(notices);
    },
  };

  async function unclaimNotices(ids: string[]) {
    if (ids.length === 0) return;
    await db
      .update(deliveries)
      .set({ lockedUntil: null, claimedBy: null })
      .where(and(inIds(deliveries.id, ids), eq(deliveries.claimedBy, workerId)))
      .catch((err: unknown) => log.error({ err }, "could not hand back claimed notices"));
  }
}
