import type { ChannelId } from "./channel.ts";

/** How each channel is named in sentences people read. */
export const CHANNEL_NAMES: Record<ChannelId, string> = { email: "E-mail", whatsapp: "WhatsApp", sms: "SMS" };
