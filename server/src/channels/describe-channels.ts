import type { ChannelsInfo } from "@trigger-switch/contracts";
import type { Config } from "../config.ts";
import { TWILIO_SETTINGS } from "./sms/sms-channel.ts";
import { WHATSAPP_SETTINGS } from "./whatsapp/whatsapp-channel.ts";

/**
 * What this server can do by message, for pages that must say only what is true (GET /api/channels).
 * `uses` lists what each channel is used for today; reminders and deliveries by WhatsApp and SMS
 * arrive with the engine's channel work (docs/decisions/014), and are false until then.
 */
export function describeChannels(config: Config): ChannelsInfo {
  return {
    email: { available: true, transport: config.usesOutbox ? "outbox" : "smtp" },
    whatsapp: {
      available: config.whatsapp !== null,
      local: config.whatsapp === null && config.usesOutbox,
      missing: config.whatsapp ? [] : [...WHATSAPP_SETTINGS],
      uses: { check_in: config.whatsapp !== null, verification: config.whatsapp !== null, owner_reminders: false, deliveries: false },
    },
    sms: {
      available: config.twilio !== null,
      local: config.twilio === null && config.usesOutbox,
      missing: config.twilio ? [] : [...TWILIO_SETTINGS],
      uses: { check_in: config.twilio !== null, verification: config.twilio !== null, owner_reminders: false, deliveries: false },
      from: config.twilio?.from.startsWith("+") ? config.twilio.from : null,
    },
  };
}
