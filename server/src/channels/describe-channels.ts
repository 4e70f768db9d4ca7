import type { ChannelsInfo } from "@trigger-switch/contracts";
import type { Config } from "../config.ts";
import { TWILIO_SETTINGS } from "./sms/sms-channel.ts";
import { WHATSAPP_SETTINGS } from "./whatsapp/whatsapp-channel.ts";

/**
 * Whether the engine's send path goes through `channels/delivery` (deliverThroughChannels for
 * releases, sendOwnerReminder for reminders). The lead turns it on in the commit that wires the
 * engine (docs/decisions/014, "Wiring into the engine"); until then no page promises reminders or
 * deliveries by WhatsApp or SMS.
 */
export const ENGINE_SENDS_BY_MESSAGE = false;

/**
 * What this server can do by message, for pages that must say only what is true (GET /api/channels).
 * `uses` lists what each channel is used for today; reminders and deliveries by WhatsApp and SMS
 * arrive with the engine's channel work (docs/decisions/014), and are false until then.
 */
export function describeChannels(config: Config): ChannelsInfo {
  const whatsappSends = ENGINE_SENDS_BY_MESSAGE && config.whatsapp !== null;
  const smsSends = ENGINE_SENDS_BY_MESSAGE && config.twilio !== null;
  const localSends = (provider: unknown) => ENGINE_SENDS_BY_MESSAGE && provider === null && config.usesOutbox;
  return {
    email: { available: true, transport: config.usesOutbox ? "outbox" : "smtp" },
    whatsapp: {
      available: config.whatsapp !== null,
      local: config.whatsapp === null && config.usesOutbox,
      missing: config.whatsapp ? [] : [...WHATSAPP_SETTINGS],
      uses: { check_in: config.whatsapp !== null, verification: config.whatsapp !== null, owner_reminders: whatsappSends, deliveries: whatsappSends || localSends(config.whatsapp) },
    },
    sms: {
      available: config.twilio !== null,
      local: config.twilio === null && config.usesOutbox,
      missing: config.twilio ? [] : [...TWILIO_SETTINGS],
      uses: { check_in: config.twilio !== null, verification: config.twilio !== null, owner_reminders: smsSends, deliveries: smsSends || localSends(config.twilio) },
      from: config.twilio?.from.startsWith("+") ? config.twilio.from : null,
    },
  };
}
