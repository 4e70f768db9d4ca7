import type { ChannelsInfo } from "./channels.ts";
import { CHANNEL_WORDS } from "./channel-words.ts";
import { RECIPIENT_CHANNELS, type RecipientChannel } from "./recipients.ts";

/** A recipient as a release reaches them: their addresses and the channels chosen, in the order they are tried. */
export interface ReachableRecipient {
  email: string | null;
  phone: string | null;
  channels: readonly RecipientChannel[];
}

/**
 * The channels this server delivers a recipient's message by, as GET /api/channels tells it:
 * e-mail always; WhatsApp and SMS when configured, or kept in the local mailbox in local mode.
 */
export function deliveredChannels(info: Pick<ChannelsInfo, "whatsapp" | "sms">): RecipientChannel[] {
  return RECIPIENT_CHANNELS.filter((c) => c === "email" || info[c].uses.deliveries);
}

/** The address a channel sends to: e-mail to the e-mail address, WhatsApp and SMS to the phone number. */
const addressFor = (r: ReachableRecipient, c: RecipientChannel) => (c === "email" ? r.email : r.phone);

/**
 * The recipient's channels a release can actually go by here, in their order: chosen, with the
 * address it needs, and one this server delivers by. The plan plays no part: a release uses the
 * saved channels whatever the plan (docs/decisions/014, 018). Empty: they would receive nothing.
 */
export function reachingChannels(r: ReachableRecipient, delivered: readonly RecipientChannel[]): RecipientChannel[] {
  return r.channels.filter((c) => addressFor(r, c) && delivered.includes(c));
}

/** The recipient's chosen channels, with their address, that this server does not send by. */
export function channelsOff(r: ReachableRecipient, delivered: readonly RecipientChannel[]): RecipientChannel[] {
  return r.channels.filter((c) => addressFor(r, c) && !delivered.includes(c));
}

/**
 * Why a recipient with no reaching channel would receive nothing, and what to do, as the recipient
 * form names things. E-mail is the way out offered: every server sends it and every plan includes it.
 */
export function unreachableProblem(r: ReachableRecipient & { name: string }, delivered: readonly RecipientChannel[]) {
  const off = channelsOff(r, delivered);
  const fix = r.email ? `choose E-mail under "Reach them by" for ${r.name}` : `add ${r.name}'s e-mail address`;
  if (off.length === 0)
    return `${r.name} has no address for the ways you chose to reach them: ${fix}, or ${r.name} will not receive this message.`;
  const names = off.map((c) => CHANNEL_WORDS[c]).join(" and ");
  return `${r.name} can be reached only by ${names}, which this server does not send (its operator has not set ${off.length > 1 ? "them" : "it"} up): ${fix}, or ${r.name} will not receive this message.`;
}
