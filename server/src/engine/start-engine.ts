import type { EngineTickOptions } from "./run-engine-tick.ts";
import { runEngineTick } from "./run-engine-tick.ts";

export interface RunningEngine {
  /** Stops claiming, lets the tick in flight finish its current row, hands back the rest. */
  stop(): Promise<void>;
}

/**
 * The background loop: one tick, then wait `intervalMs` (default 1000), and so on. Ticks never
 * overlap in a process; other processes are kept apart by the claims. A failing tick (database
 * down) is logged and the loop goes on: the downtime guard covers the gap when it comes back.
 */
export function startEngine({ intervalMs = 1000, ...opts }: Omit<EngineTickOptions, "shouldStop"> & { intervalMs?: number }): RunningEngine {
  let stopping = false;
  let timer: NodeJS.Timeout | undefined;
  let inFlight: Promise<void> = Promise.resolve();
  const loop = () => {
    inFlight = runEngineTick({ ...opts, shouldStop: () => stopping })
      .then(() => undefined)
      .catch((err: unknown) => opts.log.error({ err }, "engine tick failed"))
      .finally(() => {
        if (!stopping) timer = setTimeout(loop, intervalMs);
      });
  };
  timer = setTimeout(loop, 0);
  return {
    async stop() {
      stopping = true;
      clearTimeout(timer);
      await inFlight;
    },
  };
}
