import type { PhoneChannelId } from "../channel.ts";

/** A person's message as a webhook gives it, before it is recorded. */
export interface InboundMessage {
  channel: PhoneChannelId;
  /** wamid… or SM…: the same id twice is the same message. */
  providerMessageId: string;
  /** E.164. */
  from: string;
  /** The text, or null for a kind we do not read (image, reaction, sticker…). */
  text: string | null;
  /** The provider's message type, for the log. */
  kind: string;
  /** When the person sent it, by the provider (WhatsApp's `timestamp`); null when it does not say (Twilio SMS). */
  sentAt: Date | null;
}

/** A recorded message waiting in the inbox: what the webhook gave, plus when it reached us. */
export interface PendingInboundMessage extends InboundMessage {
  /** The inbox row's id. */
  id: string;
  receivedAt: Date;
  /** Handling attempts that already failed. */
  attempts: number;
}
