import type { PhoneChannelId } from "../channels/channel.ts";
import type { Config } from "../config.ts";

/**
 * The messaging channels that can reach trusted contacts here (docs/decisions/041). Only a real
 * provider: a contact must never be "invited" into the local mailbox. SMS needs Twilio; WhatsApp
 * also needs the contact template, since an invitation always starts outside the 24-hour window.
 */
export function contactPhoneChannels(config: Pick<Config, "whatsapp" | "twilio">): PhoneChannelId[] {
  return [
    ...(config.whatsapp?.templates.contact_notice ? (["whatsapp"] as const) : []),
    ...(config.twilio ? (["sms"] as const) : []),
  ];
}
