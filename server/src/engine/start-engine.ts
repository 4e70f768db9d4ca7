import { nextDueAt } from "./claim-due-work.ts";
import { guardDowntime } from "./guard-downtime.ts";
import { handBackClaims } from "./hand-back-claims.ts";
import { DEFAULT_LEASE_MS, defaultWorkerId, runClaimStep, type EngineTickOptions } from "./run-engine-tick.ts";
import { claimDueReleaseNotices } from "./release-notices.ts";
import { claimDueNotices } from "./send-notices.ts";
import { createSendPipeline } from "./send-pipeline.ts";

export interface RunningEngine {
  /** Runs the next tick now instead of after the interval (new urgent work, e.g. an emergency). */
  wake(): void;
  /**
   * Stops the engine within STOP_WITHIN_MS whatever the mail server does: no more claims and
   * no new sends; sends in flight get a short grace, then every row not fully sent is handed back
   * (status pending, claim cleared) so another process can take it at once. A send still stuck is
   * abandoned (its own limit ends it); if it did reach the mail server it may repeat, like the
   * in-flight sends of a kill -9. main.ts calls this on SIGTERM, inside SHUTDOWN_BUDGET_MS (runtime/shutdown.ts).
   */
  stop(): Promise<void>;
  /** Hands back every claim this process holds, at once (a forced exit's last step; stop() ends with it too). */
  handBackClaims(): Promise<number>;
}

/** The longest `stop()` takes (sends' grace + writing back); see RunningEngine.stop. */
export const STOP_WITHIN_MS = 5_000;
const SEND_GRACE_MS = 2_500;
/** How often the lanes' queue of notices is looked at during a burst of them (in memory; a claim only when low). */
const FEED_EVERY_MS = 10;

/**
 * The background loop: a claim step (guard, claim, commit, hand the sends over), then the next at
 * once while the batch was full and the send queue has room, else when the next row falls due
 * or after `intervalMs` (default 1000), whichever comes first. Sends run in the pipeline
 * meanwhile, never in the tick (send-pipeline.ts), so a slow mail server slows only the sends.
 * Claim steps never overlap in a process; other processes are kept apart by the claims. A
 * failing step (database down) is logged and the loop goes on: the downtime guard covers the gap
 * when it comes back.
 */
export function startEngine({
  intervalMs = 1000,
  ...opts
}: EngineTickOptions & { intervalMs?: number }): RunningEngine {
  const workerId = opts.workerId ?? defaultWorkerId;
  const limit = opts.limit ?? opts.config.ENGINE_BATCH_SIZE;
  const pipeline = createSendPipeline({
    ...opts,
    workerId,
    concurrency: opts.concurrency ?? opts.config.ENGINE_CONCURRENCY,
    // Settled rows' release notices have fallen due: they are fed to the lanes once no burst is on.
    onRowsSettled: () => !opts.userId && releaseNoticeFeed.start(),
  });
  let stopping = false;
  let running = false;
  let wokenWhileRunning = false;
  let timer: NodeJS.Timeout | undefined;
  let inFlight: Promise<void> = Promise.resolve();
  let lastClosedQuestions = -Infinity;

  // The heartbeat (and the downtime guard with it) runs on its own timer as well as before each
  // claim: a loop waiting for room in the send queue must never look like our outage.
  const beatEveryMs = Math.max(
    Math.min(intervalMs, 5_000),
    Math.min(5_000, opts.config.ENGINE_OUTAGE_THRESHOLD_MS / 4),
  );
  let beating: Promise<unknown> = Promise.resolve();
  const heartbeat = setInterval(() => {
    beating = guardDowntime({
      db: opts.db,
      clock: opts.clock,
      masterKeys: opts.masterKeys,
      config: opts.config,
      thresholdMs: opts.config.ENGINE_OUTAGE_THRESHOLD_MS,
      workerId,
    })
      .then(
        (outage) => outage && opts.log.info({ ...outage }, "downtime guard: deadlines inside our outage were moved"),
      )
      .catch((err: unknown) => opts.log.error({ err }, "engine heartbeat failed"));
  }, beatEveryMs);

  // Claim again while fewer than a batch of mails wait for a lane (and a few batches of rows are
  // open): the next batch is committed before the sends run dry, and every claimed row is sent
  // well within its lease (a row whose lease nears its end goes back untried, send-pipeline.ts).
  const hasRoom = () =>
    pipeline.queued("deliveries") < limit && pipeline.urgentBacklog() < 4 * limit && pipeline.backlog() < 20 * limit;
  const leaseMs = opts.leaseMs ?? DEFAULT_LEASE_MS;
  // A burst of notices (every contact of a batch of deadlines asked at once; the owners' notices
  // after a burst of releases) is fed to the lanes as they drain, not a batch per claim step: a
  // step that also commits a batch of deadlines lasts long enough for the lanes to empty between
  // two. Only while the last claim of that kind was full, and never while a recipient's mail waits.
  const noticeFeed = feeder({
    queued: () => pipeline.queued("notices"),
    claim: async () => {
      const notices = await claimDueNotices({ db: opts.db, now: opts.clock.now(), workerId, limit, leaseMs });
      pipeline.addNotices(notices);
      return notices.length;
    },
  });
  const releaseNoticeFeed = feeder({
    // Held while a burst is on (below): not claimed either.
    queued: () => (pipeline.releaseNoticesHeld() ? Infinity : pipeline.queued("releaseNotices")),
    claim: async () => {
      const notices = await claimDueReleaseNotices({
        db: opts.db,
        masterKeys: opts.masterKeys,
        now: opts.clock.now(),
        workerId,
        limit,
        leaseMs,
      });
      pipeline.addReleaseNotices(notices);
      return notices.length;
    },
  });
  function feeder({ queued, claim }: { queued: () => number; claim: () => Promise<number> }) {
    let timer: ReturnType<typeof setInterval> | undefined;
    let claiming: Promise<void> | undefined;
    const stop = () => {
      clearInterval(timer);
      timer = undefined;
    };
    const feed = () => {
      if (stopping || claiming || pipeline.queued("deliveries") > 0 || queued() >= limit / 2) return;
      claiming = claim()
        .then((n) => {
          if (n < limit) stop();
        })
        .catch((err: unknown) => {
          stop();
          opts.log.error({ err }, "could not claim notices; the next claim step tries again");
        })
        .finally(() => (claiming = undefined));
    };
    // Never started once the engine stops: rows it settles while stopping must not leave a timer behind.
    const start = () => {
      if (!stopping) timer ??= setInterval(feed, FEED_EVERY_MS);
    };
    return { start, stop, claiming: () => claiming };
  }

  const loop = () => {
    if (stopping) return;
    if (!hasRoom()) {
      timer = setTimeout(loop, 20);
      return;
    }
    running = true;
    wokenWhileRunning = false;
    let more = false;
    // The look for questions closed by a check-in reads every open stage: during a burst, when
    // passes follow each other at once, it runs once per interval, not once per pass.
    const closeQuestions = performance.now() - lastClosedQuestions >= intervalMs;
    if (closeQuestions) lastClosedQuestions = performance.now();
    let pause = intervalMs;
    inFlight = runClaimStep({ ...opts, workerId }, pipeline, { closeQuestions })
      .then(async (result) => {
        more = result.more;
        // While the last claim of deadlines was full, more of a burst is due: its recipients' mails go
        // before owners' release notices (decision 012), which are neither claimed nor sent meanwhile.
        pipeline.holdReleaseNotices(result.claimed >= limit);
        if (result.moreNotices && !opts.userId) noticeFeed.start();
        if (result.moreReleaseNotices && !opts.userId) releaseNoticeFeed.start();
        // Nothing more due now: wake when the next row falls due, if that comes before the
        // interval is up, so a deadline is acted on at its moment rather than up to a pause later.
        // Rows that fell due while this pass ran (a burst coming due) are taken at once; a due row
        // a pass that claimed nothing could not take is locked by another worker: the interval.
        if (!more && !opts.userId) {
          const next = await nextDueAt(opts.db);
          const wait = next ? next.getTime() - opts.clock.now().getTime() : Infinity;
          if (wait > 0) pause = Math.min(wait, intervalMs);
          else if (result.claimed > 0) pause = 0;
        }
      })
      .catch((err: unknown) => {
        pipeline.holdReleaseNotices(false);
        opts.log.error({ err }, "engine tick failed");
      })
      .finally(() => {
        running = false;
        // Work that arrived during the step may not have been seen by its claim, and a full batch
        // means more is probably due (a burst of deadlines): go again at once, not after the pause.
        if (!stopping) timer = setTimeout(loop, wokenWhileRunning || more ? 0 : pause);
      });
  };
  timer = setTimeout(loop, 0);
  return {
    wake() {
      if (stopping) return;
      if (running) {
        wokenWhileRunning = true;
        return;
      }
      clearTimeout(timer);
      timer = setTimeout(loop, 0);
    },
    async stop() {
      stopping = true;
      clearTimeout(timer);
      clearInterval(heartbeat);
      noticeFeed.stop();
      releaseNoticeFeed.stop();
      let deadline: NodeJS.Timeout | undefined;
      const bounded = new Promise<void>((resolve) => (deadline = setTimeout(resolve, STOP_WITHIN_MS)));
      const orderly = (async () => {
        // The claim step is database work only (no sends): let it finish so its rows are in the pipeline.
        await Promise.race([
          Promise.all([inFlight, beating, noticeFeed.claiming(), releaseNoticeFeed.claiming()]),
          new Promise((r) => setTimeout(r, STOP_WITHIN_MS - SEND_GRACE_MS - 1_000).unref()),
        ]);
        await pipeline.stop(SEND_GRACE_MS);
      })().catch((err: unknown) =>
        opts.log.error({ err }, "engine stop: could not hand every claim back; they lapse with their lease"),
      );
      await Promise.race([orderly, bounded]);
      clearTimeout(deadline);
      // Whatever the orderly path managed, nothing stays claimed by a process that is going away.
      const left = await handBackClaims({ db: opts.db, workerId }).catch((err: unknown) => {
        opts.log.error({ err }, "engine stop: could not hand every claim back; they lapse with their lease");
        return 0;
      });
      if (left > 0) opts.log.info({ rows: left }, "engine stop: handed back rows the orderly stop had not settled");
    },
    handBackClaims: () => handBackClaims({ db: opts.db, workerId }),
  };
}
