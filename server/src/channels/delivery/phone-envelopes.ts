import type { Envelope, PhoneChannelId } from "../channel.ts";

/**
 * What WhatsApp and SMS say. Never the message's content, not even its title (docs/decisions/005,
 * 014): only who it is from and the personal link. WhatsApp outside the 24-hour window sends the
 * approved template with the same facts as parameters.
 */
export function releaseEnvelope({
  to,
  ownerName,
  link,
  emergency,
}: {
  channel: PhoneChannelId;
  to: string;
  ownerName: string;
  link: string;
  emergency: boolean;
}): Envelope {
  const text = emergency
    ? `${ownerName} pressed the emergency button in Trigger Switch and asked us to tell you at once. Their message for you (personal to you, please do not forward): ${link}`
    : `${ownerName} asked Trigger Switch to pass a message on to you if they stopped checking in, and they have not checked in. Read it here (personal to you, please do not forward): ${link}`;
  return { to, purpose: "release", text, template: { template: "delivery", body: [ownerName, link] } };
}

/** The owner's reminder: the deadline in their zone and the check-in link; replying checks in too. */
export function reminderEnvelope({
  channel,
  to,
  firstName,
  deadline,
  link,
}: {
  channel: PhoneChannelId;
  to: string;
  firstName: string;
  deadline: string;
  link: string;
}): Envelope {
  const reply =
    channel === "whatsapp" ? "Reply to this message to check in, or open" : "Reply to this text to check in, or open";
  const text = `Hi ${firstName}, your Trigger Switch fires on ${deadline} unless you check in. ${reply} ${link}`;
  return { to, purpose: "owner_reminder", text, template: { template: "reminder", body: [firstName, deadline, link] } };
}

/**
 * The owner's alert that a trusted contact asked for access (docs/decisions/041), after its e-mail:
 * who asked and when it goes unless denied, with the dashboard's link (where Deny is one tap). Never
 * a title: a phone's lock screen shows it.
 */
export function accessRequestEnvelope({
  to,
  firstName,
  contactName,
  when,
  link,
}: {
  to: string;
  firstName: string;
  contactName: string;
  when: string;
  link: string;
}): Envelope {
  return {
    to,
    purpose: "owner_notice",
    text: `Hi ${firstName}, ${contactName}, your trusted contact, asked Trigger Switch for access to your messages. Unless you deny it, it is released to them on ${when}. Deny: ${link}`,
    template: { template: "access_request", body: [firstName, contactName, when, link] },
  };
}

/**
 * The owner's release notice on their messaging channel, after the e-mail: when and to
 * whom, and the message page. Like the reminder it never names the message (its title is content,
 * docs/decisions/005): "one of your messages", which the link opens once signed in. The names are
 * the recipients' as the owner wrote them, never their numbers or addresses. The template's body
 * parameters: {{1}} first name, {{2}} when, {{3}} to whom, {{4}} the message page.
 */
export function releaseNoticeEnvelope({
  to,
  firstName,
  when,
  people,
  link,
  emergency,
}: {
  channel: PhoneChannelId;
  to: string;
  firstName: string;
  when: string;
  people: string;
  link: string;
  emergency: boolean;
}): Envelope {
  const text = emergency
    ? `Hi ${firstName}, your Trigger Switch emergency alert went to ${people} on ${when}, when you pressed the Emergency button. Details: ${link}`
    : `Hi ${firstName}, Trigger Switch released one of your messages to ${people} on ${when}, because you did not check in in time. Details: ${link}`;
  return {
    to,
    purpose: "owner_notice",
    text,
    template: { template: "release_notice", body: [firstName, when, people, link] },
  };
}
