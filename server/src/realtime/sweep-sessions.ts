import { setTimeout as sleep } from "node:timers/promises";

/**
 * Runs `check` on every item of `items()` once per `intervalMs`, spread evenly over the interval
 * rather than all at once: thousands of open tabs re-checked in one tick would queue thousands of
 * session lookups ahead of every check-in on the same database pool. Each pass takes the items as
 * they are when it starts. Ends when `signal` aborts.
 */
export async function sweepSessions<T>({
  items,
  check,
  intervalMs,
  signal,
}: {
  items: () => T[];
  check: (item: T) => Promise<unknown>;
  intervalMs: number;
  signal: AbortSignal;
}): Promise<void> {
  const pause = (ms: number) => sleep(ms, undefined, { signal, ref: false });
  try {
    while (!signal.aborted) {
      const batch = items();
      if (batch.length === 0) await pause(intervalMs);
      const gap = intervalMs / Math.max(1, batch.length);
      for (const item of batch) {
        if (signal.aborted) return;
        void check(item).catch(() => undefined);
        await pause(gap);
      }
    }
  } catch (err) {
    if (!signal.aborted) throw err;
  }
}
