import type { ChannelsInfo, DeliveryChannel, PhoneChannel } from "@trigger-switch/contracts";

/** A channel as it reads mid-sentence ("by e-mail, SMS or WhatsApp"). */
export const CHANNEL_WORDS: Record<DeliveryChannel, string> = { email: "e-mail", sms: "SMS", whatsapp: "WhatsApp" };

/**
 * The phone channels this server invites, asks and tells contacts on (GET /api/channels), SMS
 * first. Unknown (still loading, or the call failed) reads as none: never offer what may be off.
 */
export function contactPhoneChannels(info: ChannelsInfo | undefined): PhoneChannel[] {
  return (["sms", "whatsapp"] as const).filter((channel) => info?.[channel].uses.trusted_contacts);
}

/** "e-mail", "e-mail or SMS", "e-mail, SMS or WhatsApp". */
export function orList(channels: readonly DeliveryChannel[]): string {
  const words = channels.map((channel) => CHANNEL_WORDS[channel]);
  return words.length > 1 ? `${words.slice(0, -1).join(", ")} or ${words.at(-1)}` : (words[0] ?? "");
}
