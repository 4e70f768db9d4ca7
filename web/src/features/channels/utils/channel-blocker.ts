import { CHANNEL_LABELS as CHANNEL_NAMES, type ChannelsInfo, type RecipientChannel } from "@trigger-switch/contracts";

export { CHANNEL_NAMES };

/**
 * Whether the account's plan leaves a channel out. Unknown (billing still loading, or the call
 * failed) allows it: the server checks again and answers in words.
 */
export function planExcludes(channel: RecipientChannel, planChannels: readonly string[] | undefined): boolean {
  return channel !== "email" && planChannels !== undefined && !planChannels.includes(channel);
}

/**
 * Why a channel cannot be chosen for a recipient, or null. Unknown (still loading, or the call
 * failed) allows it: the server checks again and answers in words. Sentences say only what is
 * true for this server. The settings the operator would have to set are named only to an admin
 * (`forAdmin`), who can act on them; anyone else reads a plain sentence.
 */
export function channelBlocker(
  channel: RecipientChannel,
  info: ChannelsInfo | undefined,
  planChannels: readonly string[] | undefined,
  forAdmin = false,
): string | null {
  if (channel === "email") return null;
  const state = info?.[channel];
  if (state && !state.available && !state.local)
    return forAdmin
      ? `${CHANNEL_NAMES[channel]} is not available on this server (the operator has not set ${state.missing.join(", ")}).`
      : `${CHANNEL_NAMES[channel]} is not available on this server: whoever runs it has not set it up.`;
  if (planExcludes(channel, planChannels)) return `${CHANNEL_NAMES[channel]} is not part of your plan.`;
  return null;
}
