import type { RecipientChannel } from "./recipients.ts";

/** How each channel is named on its own (a label, a list's entry, a sentence's first word). */
export const CHANNEL_LABELS: Record<RecipientChannel, string> = { email: "E-mail", whatsapp: "WhatsApp", sms: "SMS" };

/** How each channel is written inside a sentence people read, on the server and in the web app alike. */
export const CHANNEL_WORDS: Record<RecipientChannel, string> = { email: "e-mail", whatsapp: "WhatsApp", sms: "SMS" };

/** What a person holds after a channel delivered to them: "the e-mail", "the WhatsApp message", "the SMS". */
export const CHANNEL_MESSAGE_WORDS: Record<RecipientChannel, string> = {
  email: "e-mail",
  whatsapp: "WhatsApp message",
  sms: "SMS",
};

/** "WhatsApp", "WhatsApp and SMS", "e-mail, WhatsApp and SMS". */
export function listChannels(channels: readonly RecipientChannel[]): string {
  const words = channels.map((c) => CHANNEL_WORDS[c]);
  return words.length > 1 ? `${words.slice(0, -1).join(", ")} and ${words.at(-1)!}` : (words[0] ?? "");
}
