/**
 * How long after this tab starts a check-in its realtime echo still counts as ours. Generous:
 * the echo goes through the database's NOTIFY and a socket, and a slow network only delays it.
 */
export const OWN_CHECK_IN_WINDOW_MS = 15_000;

let lastOwnCheckIn = Number.NEGATIVE_INFINITY;

/** Called when this tab checks in, so its own echo is not announced as "from another device". */
export function noteOwnCheckIn(now = Date.now()): void {
  lastOwnCheckIn = now;
}

export function isOwnCheckIn(now = Date.now()): boolean {
  return now - lastOwnCheckIn < OWN_CHECK_IN_WINDOW_MS;
}
