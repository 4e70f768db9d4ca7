import { guardDowntime } from "./guard-downtime.ts";
import { defaultWorkerId, runEngineTick, type EngineTickOptions } from "./run-engine-tick.ts";

export interface RunningEngine {
  /** Runs the next tick now instead of after the interval (new urgent work, e.g. an emergency). */
  wake(): void;
  /** Stops claiming, lets the tick in flight finish the rows it is working on, hands back the rest. */
  stop(): Promise<void>;
}

/**
 * The background loop: one tick, then wait `intervalMs` (default 1000), and so on; a tick that
 * claimed a full batch is followed by the next one at once. Ticks never overlap in a process;
 * other processes are kept apart by the claims. A failing tick (database down) is logged and the
 * loop goes on: the downtime guard covers the gap when it comes back.
 */
export function startEngine({ intervalMs = 1000, ...opts }: Omit<EngineTickOptions, "shouldStop"> & { intervalMs?: number }): RunningEngine {
  let stopping = false;
  let running = false;
  let wokenWhileRunning = false;
  let timer: NodeJS.Timeout | undefined;
  let inFlight: Promise<void> = Promise.resolve();
  // The heartbeat (and the downtime guard with it) runs on its own timer, not at the end of a tick:
  // a tick waiting on a slow mail server must never look like our outage to the next guard.
  const beatEveryMs = Math.max(intervalMs, Math.min(5_000, opts.config.ENGINE_OUTAGE_THRESHOLD_MS / 4));
  const workerId = opts.workerId ?? defaultWorkerId;
  let beating: Promise<unknown> = Promise.resolve();
  const heartbeat = setInterval(() => {
    beating = guardDowntime({ db: opts.db, clock: opts.clock, masterKeys: opts.masterKeys, config: opts.config, thresholdMs: opts.config.ENGINE_OUTAGE_THRESHOLD_MS, workerId })
      .then((outage) => outage && opts.log.info({ ...outage }, "downtime guard: deadlines inside our outage were moved"))
      .catch((err: unknown) => opts.log.error({ err }, "engine heartbeat failed"));
  }, beatEveryMs);
  const loop = () => {
    running = true;
    wokenWhileRunning = false;
    let more = false;
    inFlight = runEngineTick({ ...opts, workerId, shouldStop: () => stopping })
      .then((result) => {
        more = result.more;
      })
      .catch((err: unknown) => opts.log.error({ err }, "engine tick failed"))
      .finally(() => {
        running = false;
        // Work that arrived during the tick may not have been seen by its claim, and a full batch
        // means more is probably due (a burst of deadlines): go again at once, not after the pause.
        if (!stopping) timer = setTimeout(loop, wokenWhileRunning || more ? 0 : intervalMs);
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
      await Promise.all([inFlight, beating]);
    },
  };
}
