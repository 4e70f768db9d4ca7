import type { Clock } from "../../clock.ts";
import type { TwilioConfig } from "../../config.ts";
import { ChannelError, type Channel } from "../channel.ts";
import { isE164 } from "../phone-number.ts";
import { isPermanentTwilioError } from "./classify-twilio-error.ts";
import { createTwilioClient, type TwilioRefusal } from "./twilio-client.ts";

export const TWILIO_SETTINGS = ["TWILIO_ACCOUNT_SID", "TWILIO_AUTH_TOKEN", "TWILIO_FROM"] as const;
/** Twilio splits longer texts into segments and refuses beyond 1600 characters. */
const SMS_MAX = 1600;

/**
 * SMS through Twilio's Messages API (the official `twilio` package), with a status callback to
 * /webhooks/twilio/status so every message's delivery comes back as a receipt.
 */
export function createSmsChannel({
  config,
  siteUrl,
  clock,
}: {
  config: TwilioConfig | null;
  siteUrl: () => string;
  clock: Clock;
}): Channel {
  if (!config) {
    return {
      id: "sms",
      available: false,
      send: () =>
        Promise.reject(
          new ChannelError(
            "sms",
            true,
            `SMS is not configured on this server (set ${TWILIO_SETTINGS.join(", ")}).`,
            "not_configured",
          ),
        ),
    };
  }
  // Loading the package starts now; a send waits for it only if it comes first.
  const client = createTwilioClient(config, clock);
  client.catch(() => {}); // a failure is the first send's to report
  const sender = config.from.startsWith("MG") ? { messagingServiceSid: config.from } : { from: config.from };

  return {
    id: "sms",
    available: true,
    async send(envelope) {
      if (!isE164(envelope.to))
        throw new ChannelError(
          "sms",
          true,
          "The number is not in international E.164 format (+ country code and number).",
          "bad_number",
        );
      if (envelope.text.length > SMS_MAX)
        throw new ChannelError("sms", true, `An SMS can hold at most ${SMS_MAX} characters.`, "too_long");
      try {
        const twilio = await client;
        const message = await twilio.messages.create({
          to: envelope.to,
          body: envelope.text,
          statusCallback: `${siteUrl()}/webhooks/twilio/status`,
          ...sender,
        });
        if (!/^(SM|MM)[0-9a-f]{32}$/i.test(message.sid))
          throw new ChannelError("sms", false, "Twilio accepted the message but gave no message SID.", "bad_answer");
        return { channel: "sms", providerMessageId: message.sid, form: "text", acceptedAt: clock.now() };
      } catch (err) {
        if (err instanceof ChannelError) throw err;
        const e = err as Partial<TwilioRefusal>;
        if (typeof e.status === "number") {
          const code = typeof e.code === "number" ? e.code : null;
          throw new ChannelError(
            "sms",
            isPermanentTwilioError(e.status, code),
            `Twilio refused the message (${code ?? e.status}): ${e.message ?? ""}`.slice(0, 500),
            code !== null ? String(code) : `http_${e.status}`,
            e.retryAfterMs,
          );
        }
        // No answer: refused connection, DNS, the SDK's timeout.
        throw new ChannelError(
          "sms",
          false,
          `Twilio could not be reached: ${e.code ?? e.name ?? "error"} ${e.message ?? ""}`.trim().slice(0, 500),
          "network",
        );
      }
    },
  };
}
