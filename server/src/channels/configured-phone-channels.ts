import type { Config } from "../config.ts";
import type { PhoneChannelId } from "./channel.ts";

/** The messaging channels whose provider this server has (a real one, not the local mailbox). */
export function configuredPhoneChannels(config: Pick<Config, "whatsapp" | "twilio">): PhoneChannelId[] {
  return [...(config.whatsapp ? (["whatsapp"] as const) : []), ...(config.twilio ? (["sms"] as const) : [])];
}
