import { defaultChannels, RECIPIENT_CHANNELS, type RecipientChannel } from "@trigger-switch/contracts";
import type { PlanLimits } from "../billing/plans.ts";
import { planLimitError } from "../billing/plan-limit-error.ts";
import type { Config } from "../config.ts";
import { AppError } from "../errors.ts";
import type { Channels } from "./channel.ts";
import { CHANNEL_NAMES } from "./channel-names.ts";

/** A channel this server can deliver by: configured, or kept in the local mailbox (local mode). */
export const deliversBy = (channels: Channels, c: RecipientChannel) =>
  c === "email" || channels.get(c).available || channels.get(c).local === true;

/** Every channel this server delivers by: what readiness and the emergency count a recipient reachable on. */
export const deliveredBy = (channels: Channels): RecipientChannel[] =>
  RECIPIENT_CHANNELS.filter((c) => deliversBy(channels, c));

/**
 * Without an explicit list, the addresses given decide (e-mail, then WhatsApp), narrowed to what
 * the plan includes and this server has: a Free account giving a phone number is not refused for
 * a WhatsApp it never asked for.
 */
export function recipientChannelsFor({
  input,
  limits,
  channels,
}: {
  input: { email: string | null; phone: string | null; channels?: RecipientChannel[] };
  limits: PlanLimits;
  channels: Channels;
}): RecipientChannel[] {
  if (input.channels) return input.channels;
  const usable = defaultChannels(input).filter((c) => limits.channels.includes(c) && deliversBy(channels, c));
  if (usable.length > 0) return usable;
  // Nothing usable (a phone only, on e-mail-only terms): ask for WhatsApp and let the rules below explain.
  return defaultChannels(input);
}

/**
 * Channels a recipient may be given (docs/decisions/014, 018): only those the owner's plan includes
 * and this server can send by. Only channels being added are checked, so a recipient saved under
 * Plus (or before the operator turned a provider off) can still be edited; their saved channels
 * are still used for a release (a message is never withheld for billing) and a channel that no
 * longer works falls back to the next, with the owner told.
 */
export function checkRecipientChannels({
  config,
  limits,
  channels,
  chosen,
  before = [],
}: {
  config: Config;
  limits: PlanLimits;
  channels: Channels;
  chosen: readonly RecipientChannel[];
  before?: readonly RecipientChannel[];
}): void {
  const added = chosen.filter((c) => !before.includes(c));
  // The server first, then the plan: telling a Free owner to upgrade for a channel this server
  // does not send by would sell them something upgrading cannot give.
  const off = added.filter((c) => !deliversBy(channels, c));
  if (off.length > 0) {
    const message = `${notSentHere(off)} Choose another way to reach them.`;
    throw new AppError("conflict", message, { channels: message });
  }
  const notInPlan = added.filter((c) => !limits.channels.includes(c));
  if (notInPlan.length > 0) throw planLimitError(config, limits, { kind: "channels", usage: 0, channels: notInPlan });
}

/** "This server does not send WhatsApp messages: its operator has not configured WhatsApp." */
export function notSentHere(off: readonly RecipientChannel[]): string {
  const names = off.map((c) => CHANNEL_NAMES[c]).join(" or ");
  return `This server does not send ${names} messages: its operator has not configured ${off.length > 1 ? "them" : CHANNEL_NAMES[off[0]!]}.`;
}
