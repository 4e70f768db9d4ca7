const s = 1000;
const m = 60 * s;
const h = 60 * m;

/** Reminders: 1 min, 5 min, 15 min, 1 h, 6 h, then parked (6 attempts over ~7 h 21 min). */
export const STANDARD_DELAYS_MS = [1 * m, 5 * m, 15 * m, 1 * h, 6 * h];
/** Final deliveries: 10 s, 30 s, 1 min, 2 min, 5 min, then every 10 min until 24 h after the deadline. */
export const AGGRESSIVE_DELAYS_MS = [10 * s, 30 * s, 1 * m, 2 * m, 5 * m];
export const AGGRESSIVE_EVERY_MS = 10 * m;
export const AGGRESSIVE_GIVE_UP_AFTER_MS = 24 * h;

/**
 * When to try again after `attempts` failed attempts, or null when the row must be parked.
 * A message released to recipients is retried hard for a day (a mail server restart must not
 * lose it); a reminder is worth less than noise once hours have passed.
 */
export function nextRetryAt({
  strategy,
  attempts,
  scheduledAt,
  now,
}: {
  strategy: "standard" | "aggressive";
  attempts: number;
  scheduledAt: Date;
  now: Date;
}): Date | null {
  if (strategy === "standard") {
    const delay = STANDARD_DELAYS_MS[attempts - 1];
    return delay === undefined ? null : new Date(now.getTime() + delay);
  }
  const next = now.getTime() + (AGGRESSIVE_DELAYS_MS[attempts - 1] ?? AGGRESSIVE_EVERY_MS);
  return next > scheduledAt.getTime() + AGGRESSIVE_GIVE_UP_AFTER_MS ? null : new Date(next);
}

/** Owner and admin notices: 30 s, 1 min, 5 min, 15 min, 1 h, then every hour, for two days. */
export const NOTICE_DELAYS_MS = [30 * s, 1 * m, 5 * m, 15 * m, 1 * h];
export const NOTICE_GIVE_UP_AFTER_MS = 48 * h;

/** When to try a notice again after `attempts` failed attempts, or null to give up (logged for the operator). */
export function nextNoticeAttemptAt({
  attempts,
  createdAt,
  now,
}: {
  attempts: number;
  createdAt: Date;
  now: Date;
}): Date | null {
  const next = now.getTime() + (NOTICE_DELAYS_MS[attempts - 1] ?? h);
  return next > createdAt.getTime() + NOTICE_GIVE_UP_AFTER_MS ? null : new Date(next);
}
