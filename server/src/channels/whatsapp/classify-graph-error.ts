/**
 * Whether a WhatsApp Cloud API error can go away by itself. Meta's error codes (Graph API
 * "error.code", also in failed status webhooks): rate limits, throughput and "temporarily
 * unavailable" are temporary; an undeliverable number, a missing template, a bad token or a
 * parameter the API refuses will fail the same way next time.
 */
const TEMPORARY_CODES = new Set([
  1, // API unknown
  2, // API service
  4, // API too many calls
  80007, // rate limit reached
  130429, // throughput limit
  131000, // something went wrong
  131016, // service unavailable
  131048, // spam rate limit
  131049, // Meta chose not to deliver now (ecosystem engagement); may go later
  131056, // pair rate limit (too many messages to this number)
  131057, // account in maintenance mode
  133004, // server temporarily unavailable
]);

export function isPermanentGraphError(httpStatus: number | null, code: number | null): boolean {
  if (code !== null && TEMPORARY_CODES.has(code)) return false;
  if (code !== null) return true;
  // No code we know: the HTTP status decides (no answer at all is a network failure).
  if (httpStatus === null || httpStatus === 429 || httpStatus >= 500) return false;
  return httpStatus >= 400;
}

/** 131047: more than 24 hours since the person last wrote; only a template may go. */
export const OUTSIDE_WINDOW_CODE = 131047;
