import type twilio from "twilio";
import type { Clock } from "../../clock.ts";
import type { TwilioConfig } from "../../config.ts";
import { retryAfterMs, saysRetryAfter } from "../retry-after.ts";

/** Every Twilio REST call is abandoned after this long (the SDK's default is 30 s). */
export const TWILIO_TIMEOUT_MS = 10_000;
const TWILIO_API = "https://api.twilio.com";

/** A refusal from Twilio with the wait it asked for: the SDK's RestException drops the headers. */
export type TwilioRefusal = twilio.RestException & { retryAfterMs?: number };

/**
 * The official `twilio` client, pointed at TWILIO_API_URL. The SDK builds every URL on
 * https://api.twilio.com; its documented way to send them elsewhere is a custom HTTP client, so
 * this one rewrites the base and hands the request to the SDK's own RequestClient. The same client
 * reads Retry-After on a 429 or 503, which the SDK's own error does not keep. The package is loaded
 * here, so a server without SMS never loads it (one of the costlier imports of a start).
 */
export async function createTwilioClient(config: TwilioConfig, clock: Clock): Promise<twilio.Twilio> {
  const { default: twilio } = await import("twilio");
  const http = new twilio.RequestClient({ timeout: TWILIO_TIMEOUT_MS, keepAlive: true });
  const httpClient = Object.assign(Object.create(http) as twilio.RequestClient, {
    request: async (opts: Parameters<twilio.RequestClient["request"]>[0]) => {
      const uri =
        config.apiUrl !== TWILIO_API && opts.uri.startsWith(TWILIO_API)
          ? config.apiUrl + opts.uri.slice(TWILIO_API.length)
          : opts.uri;
      const response = await http.request({ ...opts, uri });
      if (!saysRetryAfter(response.statusCode)) return response;
      const headers = (response.headers ?? {}) as Record<string, string | undefined>;
      const wait = retryAfterMs(headers["retry-after"], { date: headers.date, now: clock.now().getTime() });
      throw Object.assign(new twilio.RestException(response), wait === null ? {} : { retryAfterMs: wait });
    },
  });
  return twilio(config.accountSid, config.authToken, { httpClient, env: {} });
}
