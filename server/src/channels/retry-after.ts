/** The most a provider's Retry-After may postpone a send: a release never waits long on a provider's say-so. */
export const RETRY_AFTER_CAP_MS = 10 * 60_000;

/**
 * A provider's Retry-After (RFC 9110 §10.2.3) in milliseconds, capped: delay-seconds, or an
 * HTTP-date (IMF-fixdate, "Sun, 06 Nov 1994 08:49:37 GMT") read against the response's own Date header when it has one, so that our clock's
 * offset from the provider's does not matter. Null when absent or unreadable.
 */
export function retryAfterMs(
  value: string | null | undefined,
  { date, now }: { date?: string | null; now: number },
): number | null {
  const text = value?.trim();
  if (!text) return null;
  let ms: number;
  if (/^\d+$/.test(text)) ms = Number(text) * 1000;
  else if (!/^[A-Za-z]{3}, /.test(text)) return null;
  else {
    const at = Date.parse(text);
    if (Number.isNaN(at)) return null;
    const sent = date ? Date.parse(date) : Number.NaN;
    ms = at - (Number.isNaN(sent) ? now : sent);
  }
  return Math.min(Math.max(ms, 0), RETRY_AFTER_CAP_MS);
}

/** The statuses whose Retry-After we honour: too many requests, and unavailable for now. */
export const saysRetryAfter = (status: number) => status === 429 || status === 503;
