import { RECIPIENT_CHANNELS } from "@trigger-switch/contracts";
import type { ChannelId, Channels } from "../channels/channel.ts";
import type { TellOwner } from "../channels/delivery/channel-failure-notice.ts";
import type { Clock } from "../clock.ts";
import type { Config } from "../config.ts";
import type { MasterKeys } from "../crypto/master-keys.ts";
import type { Db } from "../db/connect.ts";
import type { Mailer } from "../mail/mailer.ts";
import { createOutcomeWriter, type PipelineCounts } from "./outcome-writer.ts";
import { sendDelivery, type SendDeliveryDeps } from "./send-delivery.ts";
import { sendClaimedNotice, unclaimNotices } from "./send-notices.ts";
import { createLaneQueues, type QueueTier } from "./send-queues.ts";
import { rowDeliveries } from "./work-types.ts";
import type { DeliveryRow, NoticeRow, ReleaseNoticeWork, SendOutcome, WorkContext } from "./work-types.ts";

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
  notice?: NoticeRow;
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
  /** Jobs waiting for a lane in one tier (send-queues.ts): the loop claims more of a kind only below a bound. */
  queued(tier: QueueTier): number;
  /** Rows with a recipient's or reminder's send not finished. */
  urgentBacklog(): number;
  /**
   * While on, lanes leave owners' release notices queued even when nothing else waits: the loop
   * turns it on after a full claim (more deadlines of a burst are due, and their recipients' mails
   * come first) and off otherwise. Off by default.
   */
  holdReleaseNotices(on: boolean): void;
  /** Whether owners' release notices are held (holdReleaseNotices). */
  releaseNoticesHeld(): boolean;
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
  // Each channel has its own lanes (send-queues.ts); a job goes to the lane of the channel it tries
  // first (WorkContext.lanes).
  const queues = createLaneQueues<Job>();
  let urgentRows = 0;
  let open = 0; // rows + notices not yet written
  let stopping = false;
  let idleWaiters: (() => void)[] = [];
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
  const writer = createOutcomeWriter({
    db,
    clock,
    config,
    masterKeys,
    workerId,
    log,
    quiet: () => queues.length() === 0 && inFlight.size <= 1,
    written({ closed: n, rowsSettled }) {
      open -= n;
      if (rowsSettled) opts.onRowsSettled?.();
      settleIdle();
    },
  });
  const rowDone = (state: RowState) => {
    active.delete(state);
    writer.rowDone({ ctx: state.ctx, handBack: state.handBack, notice: state.notice });
  };

  const jobDone = (state: RowState, { flush = true } = {}) => {
    if (--state.remaining > 0) {
      if (flush) writer.schedule();
      return;
    }
    if (!state.notice) urgentRows--;
    rowDone(state);
  };

  const noticeDeps = {
    db,
    clock,
    mailer,
    masterKeys,
    workerId,
    phone: { db, clock, config, channels: opts.channels, log },
  };
  const runJob = async (job: Job): Promise<void> => {
    if (job.kind === "notice") {
      const result = await sendClaimedNotice(noticeDeps, job.notice, { leaseMargin, abandoned: () => closed });
      if (result === "sent") writer.noticeSent(job.notice.id);
      else if (result === "done") {
        open--;
        settleIdle();
      }
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
      writer.attempted({ ctx: state.ctx, delivery, outcome, at });
      // The row is settled from its deliveries as they now stand.
      const i = state.ctx.deliveries.findIndex((d) => d.id === delivery.id);
      const after: DeliveryRow = {
        ...delivery,
        attempts: delivery.attempts + 1,
        ...(outcome.status === "sent"
          ? { status: "sent", lastError: null }
          : { status: outcome.permanent ? "failed" : "pending", lastError: outcome.error }),
      };
      if (i >= 0) state.ctx.deliveries[i] = after;
    }
    jobDone(state);
  };

  const lane = async (channel: ChannelId) => {
    for (;;) {
      const job = queues.take(channel);
      if (!job) {
        if (stopping) return;
        await queues.waitForJob();
        continue;
      }
      const running = runJob(job).catch((err: unknown) => log.error({ err }, "an engine send failed unexpectedly"));
      inFlight.add(running);
      await running;
      inFlight.delete(running);
    }
  };
  for (const channel of RECIPIENT_CHANNELS) for (let i = 0; i < Math.max(1, opts.concurrency); i++) void lane(channel);

  return {
    counts: writer.counts,
    addWork(contexts) {
      if (stopping) {
        // A claim step that finished after stop() began: its rows go straight back.
        open += contexts.length;
        for (const ctx of contexts) writer.rowDone({ ctx, handBack: true });
        void writer.flush();
        return;
      }
      for (const ctx of contexts) {
        // The owner's release notice is not sent with its row: it falls due once the row is settled (release-notices.ts).
        const pending = rowDeliveries(ctx).filter((d) => d.status === "pending");
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
          queues.push(ctx.lanes.get(delivery.id) ?? "email", "deliveries", { kind: "delivery", state, delivery });
      }
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
        else queues.push("email", "releaseNotices", { kind: "delivery", state, delivery: notice });
      }
      if (stopping) void writer.flush();
    },
    addNotices(notices) {
      if (stopping) {
        void unclaimNotices({ db, workerId, log, ids: notices.map((n) => n.id) });
        return;
      }
      open += notices.length;
      for (const notice of notices) queues.push(notice.channel, "notices", { kind: "notice", notice });
    },
    holdReleaseNotices: queues.holdReleaseNotices,
    releaseNoticesHeld: queues.releaseNoticesHeld,
    backlog: () => open,
    queued: (tier) => queues.length(tier),
    urgentBacklog: () => urgentRows,
    async drain() {
      if (open > 0) await new Promise<void>((resolve) => idleWaiters.push(resolve));
      await writer.settled();
    },
    async stop(graceMs) {
      stopping = true;
      queues.holdReleaseNotices(false);
      // Jobs not started go back untried: their rows are handed back, their notices unclaimed.
      const notStarted = queues.takeAll();
      const notices = notStarted.flatMap((j) => (j.kind === "notice" ? [j.notice.id] : []));
      for (const job of notStarted) {
        if (job.kind === "delivery") {
          job.state.handBack = true;
          jobDone(job.state, { flush: false });
        }
      }
      queues.wakeAll();
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
      await writer.flush();
      closed = true;
      await unclaimNotices({ db, workerId, log, ids: notices });
    },
  };
}
