/**
 * Whether a Twilio error can go away by itself. Twilio's error codes
 * (https://www.twilio.com/docs/api/errors): 20429 "too many requests", 30001 "queue overflow",
 * 30008 "unknown error" and 5xx answers are temporary; an invalid, unreachable, landline or
 * opted-out number (21211, 21610, 21614, 30003, 30005, 30006…) is not.
 */
const TEMPORARY_CODES = new Set([20429, 20500, 20503, 30001, 30008, 30009, 30017, 30022]);

/** `httpStatus` null: no HTTP answer (network) or an error code from a status callback. */
export function isPermanentTwilioError(httpStatus: number | null, code: number | null): boolean {
  if (code !== null && TEMPORARY_CODES.has(code)) return false;
  if (httpStatus === 429 || (httpStatus !== null && httpStatus >= 500)) return false;
  if (httpStatus === null) return code !== null;
  return true;
}
