import type { Tx } from "../../db/connect.ts";
import { renderMail } from "../../mail/layout.ts";
import { messagePageUrl } from "../../mail/web-links.ts";
import type { ChannelId } from "../channel.ts";
import { CHANNEL_NAMES } from "../channel-names.ts";

/**
 * A channel that failed for good is never dropped silently (docs/decisions/014): the owner is told
 * what failed, for whom and why, and what happens next.
 */
export interface ChannelFailureNotice {
  ownerId: string;
  messageId: string;
  /** The delivery intent the attempt belonged to; with `channel` it names the notice once. */
  deliveryId: string;
  /** "release" (a recipient's message) or "reminder" (the owner's own reminder). */
  kind: "release" | "reminder";
  recipientName: string;
  channel: ChannelId;
  address: string;
  reason: string;
  /** The channel tried next, or null when no way to reach them is left. */
  next: ChannelId | null;
}

/**
 * Puts the notice on the engine's durable owner-notice queue, in the transaction that recorded the
 * failure, so the failure and the notice commit together (the engine's enqueueOwnerNotice).
 */
export type TellOwner = (notice: ChannelFailureNotice, tx: Tx) => Promise<void>;

/** The same notice twice (a webhook redelivered, a crash between send and log) is one notice. */
export const channelFailureKey = (n: Pick<ChannelFailureNotice, "deliveryId" | "channel">) =>
  `channel-failure:${n.deliveryId}:${n.channel}`;

/** The e-mail the owner receives. It names the recipient and the channel, never the message's content. */
export function renderChannelFailureMail(
  notice: ChannelFailureNotice,
  siteUrl: string,
): { subject: string; text: string; html: string } {
  const channel = CHANNEL_NAMES[notice.channel];
  if (notice.kind === "reminder") {
    const body = renderMail({
      heading: `Your ${channel} reminders are not arriving`,
      paragraphs: [
        `We could not send your reminder by ${channel} to ${notice.address}: ${notice.reason}`,
        "Your reminders still go by e-mail. Check the number on your profile, or choose other reminder channels.",
      ],
      action: { label: "Open your profile", url: `${siteUrl}/profile` },
    });
    return { subject: `Your ${channel} reminders are not arriving`, ...body };
  }
  const next = notice.next
    ? `We are trying ${CHANNEL_NAMES[notice.next]} next.`
    : `No other way to reach ${notice.recipientName} is left, so they have not received your message. Please check their details on your Recipients page, or contact them yourself.`;
  const body = renderMail({
    heading: `${channel} could not reach ${notice.recipientName}`,
    paragraphs: [
      `Your message for ${notice.recipientName} could not be delivered by ${channel} to ${notice.address}: ${notice.reason}`,
      next,
    ],
    action: { label: "See who received it", url: messagePageUrl(siteUrl, notice.messageId) },
  });
  return {
    subject: notice.next
      ? `${channel} could not reach ${notice.recipientName}`
      : `${notice.recipientName} has not received your message`,
    ...body,
  };
}
