/**
 * Back-off after repeated failures, shared by wrong passwords (per address) and wrong codes
 * (per factor): the first FREE_FAILURES cost nothing, then each further try must wait
 * 30 s, 1 min, 2 min … at most 15 min after the last failure. Failures are forgotten an hour
 * after the last one. Reasons in docs/decisions/017.
 */
export const FREE_FAILURES = 5;
export const FIRST_WAIT_MS = 30 * 1000;
export const LONGEST_WAIT_MS = 15 * 60 * 1000;
export const FORGET_AFTER_MS = 60 * 60 * 1000;

/** Failures still counted at `now` (0 once they are forgotten). */
export function countedFailures(failures: number, lastFailedAt: Date | null, now: Date): number {
  if (!lastFailedAt || now.getTime() - lastFailedAt.getTime() >= FORGET_AFTER_MS) return 0;
  return failures;
}

/** How long (ms) the next try must still wait; 0 when it may go ahead. */
export function backoffRemainingMs(failures: number, lastFailedAt: Date | null, now: Date): number {
  const counted = countedFailures(failures, lastFailedAt, now);
  if (counted < FREE_FAILURES || !lastFailedAt) return 0;
  const wait = Math.min(FIRST_WAIT_MS * 2 ** (counted - FREE_FAILURES), LONGEST_WAIT_MS);
  return Math.max(0, lastFailedAt.getTime() + wait - now.getTime());
}

/** "2 minutes", "45 seconds": the wait in words for the error message. */
export function describeWait(ms: number): string {
  const seconds = Math.ceil(ms / 1000);
  if (seconds < 90) return `${seconds} second${seconds === 1 ? "" : "s"}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minutes`;
}
