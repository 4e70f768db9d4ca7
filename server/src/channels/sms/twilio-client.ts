import twilio from "twilio";
import type { TwilioConfig } from "../../config.ts";

/** Every Twilio REST call is abandoned after this long (the SDK's default is 30 s). */
export const TWILIO_TIMEOUT_MS = 10_000;
const TWILIO_API = "https://api.twilio.com";

/**
 * The official `twilio` client, pointed at TWILIO_API_URL. The SDK builds every URL on
 * https://api.twilio.com; its documented way to send them elsewhere is a custom HTTP client, so
 * this one rewrites the base and hands the request to the SDK's own RequestClient.
 */
export function createTwilioClient(config: TwilioConfig): twilio.Twilio {
  const http = new twilio.RequestClient({ timeout: TWILIO_TIMEOUT_MS, keepAlive: true });
  const httpClient =
    config.apiUrl === TWILIO_API
      ? http
      : Object.assign(Object.create(http) as twilio.RequestClient, {
          request: (opts: Parameters<twilio.RequestClient["request"]>[0]) =>
            http.request({
              ...opts,
              uri: opts.uri.startsWith(TWILIO_API) ? config.apiUrl + opts.uri.slice(TWILIO_API.length) : opts.uri,
            }),
        });
  return twilio(config.accountSid, config.authToken, { httpClient, env: {} });
}
