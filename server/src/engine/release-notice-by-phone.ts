import { configuredPhoneChannels } from "../channels/configured-phone-channels.ts";
import { formatMailWhen } from "@trigger-switch/contracts";
import { releaseNoticeEnvelope } from "../channels/delivery/phone-envelopes.ts";
import type { Config } from "../config.ts";
import { messagePageUrl } from "../mail/web-links.ts";
import { nameRecipients } from "./name-recipients.ts";
import type { OwnerPhoneNotice } from "./owner-notices.ts";
import type { Attempt } from "./work-types.ts";

/**
 * The copies of the owner's release notice for their messaging channels, once the
 * notice mail's attempt is over — sent, or refused for good (then the phone is the only way the
 * owner hears of it). One per channel the owner chose for reminders and this server has, to their
 * proven number (the route is checked again when it is sent: plan, choice, proof); a
 * transient mail failure queues nothing yet (the mail is retried, and this runs again then). The
 * key names the notice delivery and the channel, so a repeated settle queues nothing new.
 * (docs/decisions/024-one-transaction-save-owner-releases-access-page.md)
 */
export function releaseNoticeByPhone(config: Config, { ctx, delivery, outcome }: Attempt): OwnerPhoneNotice[] {
  if (delivery.kind !== "release_notice" || !ctx.ownerPhone) return [];
  if (outcome.status === "failed" && !outcome.permanent) return [];
  const grant = [...ctx.grants.values()][0];
  const when = formatMailWhen(grant?.releasedAt ?? ctx.row.releasedAt ?? ctx.row.deadline, ctx.timeZone);
  const count = ctx.deliveries.filter((d) => d.kind === "release").length;
  const people =
    ctx.releasedTo.length > 0 ? nameRecipients(ctx.releasedTo) : count === 1 ? "1 person" : `${count} people`;
  const link = messagePageUrl(config.SITE_URL, ctx.row.messageId);
  const { number, channels } = ctx.ownerPhone;
  // A provider this server does not have is not queued at all (the route would refuse it anyway).
  const configured = channels.filter((channel) => configuredPhoneChannels(config).includes(channel));
  return configured.map((channel) => {
    const envelope = releaseNoticeEnvelope({
      channel,
      to: number,
      firstName: ctx.ownerFirstName,
      when,
      people,
      link,
      emergency: ctx.emergency !== null,
    });
    return {
      userId: ctx.row.userId,
      channel,
      to: number,
      key: `release-notice:${delivery.id}:${channel}`,
      text: envelope.text,
      template: envelope.template!,
      about: { messageId: ctx.row.messageId, conditionId: ctx.row.conditionId, reminderId: ctx.row.id },
    };
  });
}
