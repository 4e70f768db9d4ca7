import type { PhoneChannelId } from "../channels/channel.ts";
import { configuredPhoneChannels } from "../channels/configured-phone-channels.ts";
import type { Config } from "../config.ts";

/**
 * The messaging channels that can reach trusted contacts here (docs/decisions/041). Only a real
 * provider: a contact must never be "invited" into the local mailbox. SMS needs Twilio; WhatsApp
 * also needs the contact template, since an invitation always starts outside the 24-hour window.
 */
export function contactPhoneChannels(config: Pick<Config, "whatsapp" | "twilio">): PhoneChannelId[] {
  return configuredPhoneChannels(config).filter((c) => c !== "whatsapp" || config.whatsapp?.templates.contact_notice);
}
