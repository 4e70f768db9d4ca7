import type { EngineTickOptions } from "./run-engine-tick.ts";
import { runEngineTick } from "./run-engine-tick.ts";

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
  const loop = () => {
    running = true;
    wokenWhileRunning = false;
    let more = false;
    inFlight = runEngineTick({ ...opts, shouldStop: () => stopping })
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
      await inFlight;
    },
  };
}
