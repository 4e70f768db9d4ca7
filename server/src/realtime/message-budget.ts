/**
 * A token bucket: `take()` answers whether one more client frame fits, `burst` at once and
 * `perSecond` on average after that. Time comes in as milliseconds so tests need no real waiting.
 */
export function createMessageBudget({
  perSecond,
  burst,
  now = () => performance.now(),
}: {
  perSecond: number;
  burst: number;
  now?: () => number;
}): { take(): boolean } {
  let tokens = burst;
  let last = now();
  return {
    take() {
      const t = now();
      tokens = Math.min(burst, tokens + ((t - last) / 1000) * perSecond);
      last = t;
      if (tokens < 1) return false;
      tokens -= 1;
      return true;
    },
  };
}
