import { formatMailWhen } from "@trigger-switch/contracts";
import type { Config } from "../config.ts";
import type { Mail } from "../mail/mailer.ts";
import { renderMail } from "../mail/layout.ts";
import { linkStopsWorking } from "../mail/link-expiry.ts";
import { renderEmergencyMail } from "../emergency/render-emergency-mail.ts";
import { messagePageUrl } from "../mail/web-links.ts";
import type { DeliveryRow, WorkContext } from "./work-types.ts";
import { nameRecipients } from "./name-recipients.ts";

/**
 * The mail of one delivery. A recipient's mail of a timed release never carries the message (not
 * even its title, which is content too): only who it is from, a calm explanation and the link; the
 * message is read on the access page. An emergency is the exception (docs/decisions/008): minutes
 * matter, so its mail says what happened, when, where and, if it opens at once, what they wrote.
 * `link` is the check-in link (reminder) or access link (release).
 */
export function renderWorkMail({
  config,
  ctx,
  delivery,
  link,
  recipientCount,
}: {
  config: Config;
  ctx: WorkContext;
  delivery: DeliveryRow;
  link: string;
  recipientCount: number;
}): Mail {
  const people = recipientCount === 1 ? "1 person" : `${recipientCount} people`;
  if (delivery.kind === "reminder") {
    const when = formatMailWhen(ctx.row.deadline, ctx.timeZone);
    const body = renderMail({
      heading: "Please check in",
      paragraphs: [
        `Hi ${ctx.ownerFirstName}, '${ctx.messageTitle ?? "your message"}' goes to ${people} on ${when} unless you check in: ${link}`,
        "Checking in resets all your timers. If you did not expect this e-mail, sign in and review your conditions.",
      ],
      action: { label: "Check in now", url: link },
    });
    return { to: delivery.address, subject: `Check in before ${when}`, ...body };
  }
  if (delivery.kind === "release_notice") return renderReleaseNotice({ config, ctx, delivery, people });
  const grant = delivery.grantId ? ctx.grants.get(delivery.grantId) : undefined;
  if (ctx.emergency) {
    return renderEmergencyMail({
      to: delivery.address,
      ownerName: ctx.ownerName,
      title: ctx.messageTitle ?? "",
      emergency: ctx.emergency,
      opensAt: grant && grant.opensAt > grant.releasedAt ? grant.opensAt : null,
      expiresAt: grant?.expiresAt ?? null,
      link,
    });
  }
  const opens =
    grant && grant.opensAt > grant.releasedAt ? [`It can be opened from ${formatMailWhen(grant.opensAt, "UTC")}.`] : [];
  const body = renderMail({
    heading: `A message from ${ctx.ownerName}`,
    paragraphs: [
      `${ctx.ownerName} wrote a message for you and asked Trigger Switch to pass it on if they stopped checking in with us. They have not checked in, so we are sending it as they wished.`,
      ...opens,
      ...(grant?.expiresAt ? [linkStopsWorking(formatMailWhen(grant.expiresAt, "UTC"))] : []),
      "The link below is personal to you; please do not forward it.",
    ],
    action: { label: "Read the message", url: link },
  });
  return { to: delivery.address, subject: `A message from ${ctx.ownerName}`, ...body };
}

/**
 * This notice goes while the recipients' messages are still on their way, and a provider may
 * report a failure minutes later (WhatsApp's 131026): it promises only what holds either way, and
 * the notice naming whoever was not reached (channel-failure-notice.ts) follows it without
 * contradicting it.
 */
const IF_UNREACHED = "if it cannot reach someone, we will tell you.";

/**
 * owner-server: the owner's notice of a release names the message, when it went out,
 * to how many people and to whom — by name and the channels they are tried on, never their
 * addresses or numbers (name-recipients.ts; the message page lists each one's delivery and first
 * opening) — and says whether they can read it now or only after the chosen delay
 * (docs/decisions/024-one-transaction-save-owner-releases-access-page.md).
 */
function renderReleaseNotice({
  config,
  ctx,
  delivery,
  people,
}: {
  config: Config;
  ctx: WorkContext;
  delivery: DeliveryRow;
  people: string;
}): Mail {
  const grants = [...ctx.grants.values()];
  const releasedAt = grants[0]?.releasedAt ?? ctx.row.releasedAt ?? ctx.row.deadline;
  const opensAt = grants[0]?.opensAt ?? releasedAt;
  const delayed = opensAt > releasedAt;
  const sentAt = formatMailWhen(releasedAt, ctx.timeZone);
  const action = {
    label: delayed ? "Review or cancel" : "See who received it",
    url: messagePageUrl(config.SITE_URL, ctx.row.messageId),
  };
  const whom =
    ctx.releasedTo.length > 0
      ? [`${ctx.emergency ? "Sent to" : "Released to"} ${nameRecipients(ctx.releasedTo, { withChannels: true })}.`]
      : [];
  if (ctx.emergency) {
    const body = renderMail({
      heading: "Your emergency alert was sent",
      paragraphs: [
        `Your emergency alert '${ctx.messageTitle}' went to ${people} on ${sentAt}, when you pressed the Emergency button.`,
        ...whom,
        delayed
          ? `They can read your message from ${formatMailWhen(opensAt, ctx.timeZone)}, the delay you chose. If it was a false alarm, cancel the release before then; they have already been told that you pressed the button.`
          : `They can read your message as soon as the alert reaches them; ${IF_UNREACHED} If it was a false alarm, contact them yourself: a sent alert cannot be recalled.`,
        "The message page shows whether each of them has received it and when they opened it.",
      ],
      action,
    });
    return { to: delivery.address, subject: `Your emergency alert '${ctx.messageTitle}' was sent`, ...body };
  }
  const body = renderMail({
    heading: "Your message was released",
    paragraphs: [
      `'${ctx.messageTitle}' was released to ${people} on ${sentAt}, because you did not check in in time.`,
      ...whom,
      delayed
        ? `It opens for them on ${formatMailWhen(opensAt, ctx.timeZone)}. If this is a mistake, cancel the release before then and they will not be able to read it.`
        : `They can read it as soon as the link reaches them; ${IF_UNREACHED} If this is a mistake, contact them yourself: a released message cannot be recalled.`,
      "The message page shows whether each of them has received it and when they opened it.",
    ],
    action,
  });
  return { to: delivery.address, subject: `Your message '${ctx.messageTitle}' was released`, ...body };
}
