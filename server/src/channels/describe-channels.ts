import type { ChannelsInfo } from "@trigger-switch/contracts";
import type { Config } from "../config.ts";
import { contactPhoneChannels } from "../contacts/contact-channels.ts";
import { TWILIO_SETTINGS } from "./sms/sms-channel.ts";
import { WHATSAPP_SETTINGS } from "./whatsapp/whatsapp-channel.ts";

/**
 * What this server can do by message, for pages that must say only what is true (GET /api/channels).
 * `uses` lists what each channel is used for: the engine sends releases and the owner's reminders
 * through the channel layer (engine/send-delivery.ts). Owner reminders need a proven number, so a
 * real provider; deliveries in local mode land in the local mailbox, marked with their channel.
 * Trusted contacts need a real provider too (contacts/contact-channels.ts).
 */
export function describeChannels(config: Config): ChannelsInfo {
  const whatsappSends = config.whatsapp !== null;
  const smsSends = config.twilio !== null;
  const localSends = (provider: unknown) => provider === null && config.usesOutbox;
  const forContacts = contactPhoneChannels(config);
  return {
    email: { available: true, transport: config.usesOutbox ? "outbox" : "smtp" },
    whatsapp: {
      available: config.whatsapp !== null,
      local: config.whatsapp === null && config.usesOutbox,
      missing: config.whatsapp ? [] : [...WHATSAPP_SETTINGS],
      uses: {
        check_in: config.whatsapp !== null,
        verification: config.whatsapp !== null,
        owner_reminders: whatsappSends,
        deliveries: whatsappSends || localSends(config.whatsapp),
        trusted_contacts: forContacts.includes("whatsapp"),
      },
    },
    sms: {
      available: config.twilio !== null,
      local: config.twilio === null && config.usesOutbox,
      missing: config.twilio ? [] : [...TWILIO_SETTINGS],
      uses: {
        check_in: config.twilio !== null,
        verification: config.twilio !== null,
        owner_reminders: smsSends,
        deliveries: smsSends || localSends(config.twilio),
        trusted_contacts: forContacts.includes("sms"),
      },
      from: config.twilio?.from.startsWith("+") ? config.twilio.from : null,
    },
  };
}
