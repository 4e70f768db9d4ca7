import { formatMailWhen } from "@trigger-switch/contracts";
import { renderMail } from "../mail/layout.ts";
import type { Closure } from "./confirmation-stage.ts";
import type { ContactNoticeContent } from "./contact-notice.ts";

/**
 * The mails to and about trusted contacts (docs/decisions/041): the invitation, and the stage's. A contact's mails name the owner by
 * first name only and never a message's title, content or recipients; the owner's may name their
 * contacts. Times are in the owner's zone, which each time says. What goes to a contact also has
 * its SMS/WhatsApp text (`phone`), saying the same in a few lines.
 */

/** The words a contact on SMS or WhatsApp replies with (channels/inbound/parse-contact-answer.ts). */
export const REPLY_HOLD = "HOLD";
export const REPLY_RELEASE = "RELEASE";

export interface StageMailContext {
  ownerFirstName: string;
  timeZone: string;
  siteUrl: string;
}

/** The invitation page; opening it changes nothing, its buttons answer. */
export const invitationPageUrl = (siteUrl: string, token: string) =>
  `${siteUrl}/contact/invitation?token=${encodeURIComponent(token)}`;

export function invitationMail({
  ownerFirstName: first,
  siteUrl,
  token,
  expiresAt,
}: {
  ownerFirstName: string;
  siteUrl: string;
  token: string;
  expiresAt: Date;
}): ContactNoticeContent {
  const subject = `${first} asked you to be their trusted contact`;
  const url = invitationPageUrl(siteUrl, token);
  return {
    subject,
    phone: {
      text: `Trigger Switch: ${first} asked you to be their trusted contact. Before anything they prepared for their family and friends is sent, you may be asked whether they are all right. You would never see their messages. Answer by ${formatMailWhen(expiresAt, "UTC")}: ${url}`,
      link: url,
    },
    ...renderMail({
      heading: subject,
      paragraphs: [
        `${first} uses Trigger Switch to keep messages for their family and friends, sent only if they stop checking in. They would like you to be a trusted contact: before anything is sent, you may be asked whether they are all right, and your answer that they are OK holds it.`,
        `You would never see their messages, what they are about, or to whom they go. You can step down at any time.`,
        `This invitation works until ${formatMailWhen(expiresAt, "UTC")}.`,
      ],
      action: { label: "See the invitation", url },
    }),
  };
}

/**
 * Sent once a contact accepts: their own page's link, kept in their mailbox, so it is there years
 * later when they need it (to ask for access, or to step down).
 */
export function pageLinkMail({
  ownerFirstName: first,
  pageUrl,
}: {
  ownerFirstName: string;
  pageUrl: string;
}): ContactNoticeContent {
  const subject = `You are ${first}'s trusted contact: the link to your page`;
  return {
    subject,
    phone: {
      text: `Trigger Switch: thank you for accepting. Keep this text: the link opens your page as ${first}'s trusted contact, where you can step down, or ask for access if something has happened to them and ${first} allowed it. Keep it to yourself: ${pageUrl}`,
      link: pageUrl,
    },
    ...renderMail({
      heading: subject,
      paragraphs: [
        `Thank you for accepting. Keep this e-mail: the link below opens your own page as ${first}'s trusted contact.`,
        `There you can step down at any time and, if ${first} has allowed it, ask for access to what they left for you if something has happened to them. Keep the link to yourself: it is how we know it is you.`,
      ],
      action: { label: "Your page", url: pageUrl },
    }),
  };
}

/** The question page; opening it changes nothing, its buttons answer (mail scanners follow links). */
export const questionPageUrl = (siteUrl: string, token: string) =>
  `${siteUrl}/contact/question?token=${encodeURIComponent(token)}`;

/** The question, or (`reminder`) the same question again halfway through the window. */
export function questionMail(
  ctx: StageMailContext,
  { since, endsAt, token }: { since: Date; endsAt: Date; token: string },
  { reminder = false } = {},
): ContactNoticeContent {
  const first = ctx.ownerFirstName;
  const subject = `${reminder ? "Reminder: h" : "H"}ave you been in touch with ${first} since ${formatMailWhen(since, ctx.timeZone)}?`;
  const url = questionPageUrl(ctx.siteUrl, token);
  return {
    subject,
    phone: {
      text: `Trigger Switch: ${subject} Before what ${first} prepared for their family and friends is sent, you are asked whether they are all right. Reply ${REPLY_HOLD} if they are OK, or ${REPLY_RELEASE} if you cannot reach them, or answer here: ${url} If nobody answers, it is sent on ${formatMailWhen(endsAt, ctx.timeZone)}.`,
      link: url,
    },
    ...renderMail({
      heading: subject,
      paragraphs: [
        `${first} named you as a trusted contact on Trigger Switch: before what they prepared for their family and friends is sent, you are asked whether they are all right.`,
        `${first} has not checked in since ${formatMailWhen(since, ctx.timeZone)}. If you know they are OK, say so and it waits. If you cannot reach them, say so.`,
        `If nobody answers, it is sent on ${formatMailWhen(endsAt, ctx.timeZone)}.`,
      ],
      action: { label: "Answer", url },
      footer: `You are not told what ${first} wrote or to whom. — Trigger Switch`,
    }),
  };
}

/** How a question closed, in a contact's words: never who held it. */
export function closureSentence(first: string, closure: Closure): string {
  return closure.kind === "closed_by_check_in"
    ? `${first} has checked in, so nothing is sent. Thank you.`
    : closure.kind === "held"
      ? `Another of ${first}'s trusted contacts said they are OK, so nothing is sent for now. Thank you.`
      : `What ${first} prepared has now been sent to the people they chose.`;
}

export function closedMail(ctx: StageMailContext, closure: Closure): ContactNoticeContent {
  const first = ctx.ownerFirstName;
  const what = closureSentence(first, closure);
  const subject = `The question about ${first} is closed`;
  return {
    subject,
    phone: { text: `Trigger Switch: ${subject}. ${what} There is nothing more you need to do.`, link: null },
    ...renderMail({ heading: subject, paragraphs: [what, "There is nothing more you need to do."] }),
  };
}

/** The owner's last alert: every channel they have (this is its e-mail), with a one-tap check-in link. */
export function lastAlertMail(
  ctx: StageMailContext,
  { endsAt, contactNames, checkInUrl }: { endsAt: Date; contactNames: string[]; checkInUrl: string },
) {
  const when = formatMailWhen(endsAt, ctx.timeZone);
  const subject = `Your messages go out on ${when} unless you check in`;
  return {
    subject,
    ...renderMail({
      heading: subject,
      paragraphs: [
        `You did not check in in time. Before anything is sent, your trusted contacts were asked whether they have been in touch with you: ${contactNames.join(", ")}.`,
        `Unless you check in, or one of them says you are OK, your messages go out on ${when}, or sooner if they say they cannot reach you.`,
      ],
      action: { label: "Check in now", url: checkInUrl },
    }),
  };
}

/** Tells the owner who held the release and until when; and, at the last hold allowed, that the next deadline will not ask. */
export function heldMail(
  ctx: StageMailContext,
  { heldBy, newDeadline, lastHold }: { heldBy: string; newDeadline: Date; lastHold: boolean },
) {
  const when = formatMailWhen(newDeadline, ctx.timeZone);
  const subject = `${heldBy} said you are OK: nothing goes out before ${when}`;
  return {
    subject,
    ...renderMail({
      heading: subject,
      paragraphs: [
        `${heldBy}, one of your trusted contacts, answered that you are OK, so your messages were held. Your new deadline is ${when}; check in before then to start your usual schedule again.`,
        ...(lastHold
          ? [
              "That was the last hold in a row your settings allow: if you do not check in by then, your messages go out without asking your contacts again.",
            ]
          : []),
      ],
      action: { label: "Check in", url: ctx.siteUrl },
    }),
  };
}
