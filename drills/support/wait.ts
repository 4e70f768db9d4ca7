/**
 * Polling with a deadline instead of fixed sleeps: the machine is shared and slow, so a drill
 * waits for a condition it can name, as long as it takes up to a generous limit, and then fails
 * saying what it waited for.
 */
/** Thrown by a probe to stop waiting at once (e.g. the process it waits for has died). */
export class GiveUp extends Error {}

export async function waitUntil<T>(
  what: string,
  probe: () => Promise<T | false | null | undefined> | T | false | null | undefined,
  { timeoutMs = 120_000, intervalMs = 100 } = {},
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  for (;;) {
    try {
      const value = await probe();
      if (value !== false && value !== null && value !== undefined) return value;
    } catch (err) {
      if (err instanceof GiveUp) throw err;
      lastError = err;
    }
    if (Date.now() > deadline) {
      const cause = lastError instanceof Error ? ` (last error: ${lastError.message})` : "";
      throw new Error(`timed out after ${Math.round(timeoutMs / 1000)} s waiting for ${what}${cause}`);
    }
    await sleep(intervalMs);
  }
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Runs `fn` over `items` with at most `limit` calls in flight (the seeding's parallel requests). */
export async function mapLimit<T, R>(
  items: readonly T[],
  limit: number,
  fn: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const lanes = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await fn(items[i]!, i);
    }
  });
  await Promise.all(lanes);
  return results;
}
