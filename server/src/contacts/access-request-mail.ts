import { formatMailWhen } from "@trigger-switch/contracts";
import { renderMail } from "../mail/layout.ts";
import type { ContactNoticeContent } from "./contact-notice.ts";

/*
 * The mails of emergency access on request (docs/decisions/041). The owner's name the contact and
 * the messages by title (they are the owner's own); a contact's name the owner by first name only
 * and a message only by its number, until it is released to them. Times are in the owner's zone.
 */

const plural = (n: number, one: string, many: string) => (n === 1 ? one : many);

/** The owner's alert, sent at once: who asked, why, for what, when each goes unless denied, and the one-tap Deny. */
export function accessRequestedMail({
  contactName,
  reason,
  requests,
  timeZone,
  denyUrl,
  dashboardUrl,
}: {
  contactName: string;
  reason: string;
  requests: { title: string; grantsAt: Date }[];
  timeZone: string;
  denyUrl: string;
  dashboardUrl: string;
}) {
  const subject = `${contactName} asked for access to your ${plural(requests.length, "message", "messages")}`;
  const when = requests.map((r) => `"${r.title}" on ${formatMailWhen(r.grantsAt, timeZone)}`).join("; ");
  return {
    subject,
    ...renderMail({
      heading: subject,
      paragraphs: [
        `${contactName}, one of your trusted contacts, asked for emergency access. Their reason: "${reason}"`,
        `Unless you deny it, this is sent to ${contactName} alone: ${when}.`,
        `If you are all right, deny it: ${contactName} will be told you said no, and nothing is sent.`,
      ],
      action: { label: "Deny", url: denyUrl },
      links: [{ label: "Or deny it from your dashboard", url: dashboardUrl }],
    }),
  };
}

/** Tells the owner the waiting period ended and the message went to the contact, and how to take it back. */
export function accessGrantedOwnerMail({
  contactName,
  title,
  contactsUrl,
}: {
  contactName: string;
  title: string;
  contactsUrl: string;
}) {
  const subject = `"${title}" was released to ${contactName} on their request`;
  return {
    subject,
    ...renderMail({
      heading: subject,
      paragraphs: [
        `${contactName} asked for access and it was not denied within the waiting period, so "${title}" was sent to them alone.`,
        `If this was a mistake, you can revoke their access from your Trusted contacts page. They may already have read it.`,
      ],
      action: { label: "Trusted contacts", url: contactsUrl },
    }),
  };
}

/** The contact's access link: the message itself opens on the access page, as a recipient's does. */
export function accessGrantedContactMail({
  ownerFirstName: first,
  number,
  sealed,
  accessUrl,
}: {
  ownerFirstName: string;
  number: number;
  /** Sealed with a passphrase (docs/decisions/036): it opens only with the one the owner told them. */
  sealed: boolean;
  accessUrl: string;
}): ContactNoticeContent {
  const subject = `${first}'s message ${number} is now open to you`;
  return {
    subject,
    phone: {
      text: `Trigger Switch: ${subject}. You asked for access, and ${first} did not say no within the waiting period.${sealed ? ` It opens only with the passphrase ${first} told you or left for you.` : ""} Keep this link to yourself: ${accessUrl}`,
      link: accessUrl,
    },
    ...renderMail({
      heading: subject,
      paragraphs: [
        `You asked for access to a message ${first} left on Trigger Switch, and ${first} did not say no within the waiting period. It is now open to you.`,
        ...(sealed
          ? [
              `${first} sealed this message with a passphrase: it opens only with the passphrase ${first} told you or left for you. The page shows their hint, if they gave one.`,
            ]
          : []),
        `Keep this link to yourself: it opens the message.`,
      ],
      action: { label: "Open the message", url: accessUrl },
    }),
  };
}

/** The contact learns the owner said no (which also tells them the owner answered). */
export function accessDeniedContactMail({ ownerFirstName: first }: { ownerFirstName: string }): ContactNoticeContent {
  const subject = `${first} declined your request for access`;
  return {
    subject,
    phone: {
      text: `Trigger Switch: ${subject}, so nothing is sent to you. An answer from ${first} means they were able to reply.`,
      link: null,
    },
    ...renderMail({
      heading: subject,
      paragraphs: [
        `${first} answered your request for emergency access and said no, so nothing is sent to you. An answer from ${first} means they were able to reply.`,
        `Your page (the link you kept when you accepted ${first}'s invitation) shows where things stand.`,
      ],
    }),
  };
}
