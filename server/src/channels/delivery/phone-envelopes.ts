import type { Envelope, PhoneChannelId } from "../channel.ts";

/**
 * What WhatsApp and SMS say. Never the message's content, not even its title (docs/decisions/005,
 * 014): only who it is from and the personal link. WhatsApp outside the 24-hour window sends the
 * approved template with the same facts as parameters.
 */
export function releaseEnvelope({ to, ownerName, link, emergency }: { channel: PhoneChannelId; to: string; ownerName: string; link: string; emergency: boolean }): Envelope {
  const text = emergency
    ? `${ownerName} pressed the emergency button in Trigger Switch and asked us to tell you at once. Their message for you (personal to you, please do not forward): ${link}`
    : `${ownerName} asked Trigger Switch to pass a message on to you if they stopped checking in, and they have not checked in. Read it here (personal to you, please do not forward): ${link}`;
  return { to, purpose: "release", text, template: { template: "delivery", body: [ownerName, link] } };
}

/** The owner's reminder: the deadline in their zone and the check-in link; replying checks in too. */
export function reminderEnvelope({ channel, to, firstName, deadline, link }: { channel: PhoneChannelId; to: string; firstName: string; deadline: string; link: string }): Envelope {
  const reply = channel === "whatsapp" ? "Reply to this message to check in, or open" : "Reply to this text to check in, or open";
  const text = `Hi ${firstName}, your Trigger Switch fires on ${deadline} unless you check in. ${reply} ${link}`;
  return { to, purpose: "owner_reminder", text, template: { template: "reminder", body: [firstName, deadline, link] } };
}
