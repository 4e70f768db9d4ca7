import type { RecipientChannel } from "@trigger-switch/contracts";
import type { Tx } from "../db/connect.ts";
import type { PushSender } from "../push/push-sender.ts";

/**
 * One interface for every way Trigger Switch reaches a person (STYLE rule 5): e-mail, WhatsApp
 * and SMS. A send either returns a receipt (the provider took the message) or throws a
 * ChannelError that says whether trying the same channel again later can help.
 */
export type ChannelId = RecipientChannel;
export type PhoneChannelId = Exclude<ChannelId, "email">;

/**
 * What a message is for. Logs and receipts name it, never the content; WhatsApp uses it to pick
 * the approved template outside the 24-hour window.
 */
export type Purpose =
  "verification_code" | "check_in_reply" | "owner_reminder" | "release" | "owner_notice" | "contact_notice";

/**
 * A WhatsApp template and its parameters, resolved to the configured template names.
 * `body` fills {{1}}, {{2}}… of the body; `urlButton` fills a dynamic URL button (the copy-code
 * button of an authentication template is sent this way too).
 */
export interface TemplateContent {
  /** `release_notice`, `access_request` and `contact_notice` are optional in the configuration: without one the envelope counts as having no template. */
  template: "reminder" | "delivery" | "verification" | "release_notice" | "access_request" | "contact_notice";
  body: string[];
  urlButton?: string;
}

export interface Envelope {
  /** An e-mail address for e-mail; E.164 (+447700900123) for WhatsApp and SMS. */
  to: string;
  purpose: Purpose;
  /** The whole plain text: the SMS, WhatsApp's free text inside the window, the e-mail's text part. */
  text: string;
  /** E-mail only. */
  subject?: string;
  html?: string;
  /**
   * How WhatsApp says it when free text is not allowed (no message from this number in the last
   * 24 hours). Without one, such a send fails permanently rather than going out as free text.
   */
  template?: TemplateContent;
}

export interface Receipt {
  channel: ChannelId;
  /** The provider's id (wamid…, SM…), which its status webhooks name; null for e-mail (SMTP gives none back to us). */
  providerMessageId: string | null;
  /** WhatsApp: whether it went as free text or as a template. */
  form: "text" | "template" | "mail";
  /** Kept in this server's local mailbox (no mail server, or the provider not configured): nobody was sent it. */
  local?: boolean;
  acceptedAt: Date;
}

/** A failed send. `permanent`: the same message on the same channel will not succeed later. */
export class ChannelError extends Error {
  constructor(
    readonly channel: ChannelId,
    readonly permanent: boolean,
    message: string,
    /** The provider's error code, when it gave one ("131026", "21211", "SMTP 550"). */
    readonly code?: string,
    /** How long the provider asked us to wait before trying again (Retry-After), capped. */
    readonly retryAfterMs?: number,
  ) {
    super(message);
    this.name = "ChannelError";
  }

  /** What a send threw, as a ChannelError: anything unexpected counts as temporary. */
  static from(channel: ChannelId, err: unknown): ChannelError {
    return err instanceof ChannelError
      ? err
      : new ChannelError(channel, false, err instanceof Error ? err.message : String(err));
  }
}

export interface Channel {
  readonly id: ChannelId;
  /** False when the provider is not configured: every send then fails permanently, unless `local`. */
  readonly available: boolean;
  /** Local mode: not configured, and its sends land in the local mailbox (docs/decisions/014). */
  readonly local?: boolean;
  send(envelope: Envelope): Promise<Receipt>;
}

/** A provider's word about a message after it was accepted (status webhooks). */
export interface StatusUpdate {
  channel: PhoneChannelId;
  providerMessageId: string;
  status: "sent" | "delivered" | "read" | "failed";
  providerStatus: string;
  recipient: string | null;
  occurredAt: Date;
  error: { code: string; message: string; permanent: boolean } | null;
}

/**
 * Runs inside the transaction that stored a new receipt: how the engine (phase 2) updates
 * reminder_delivery_log by provider message id. A listener that throws rolls the receipt back,
 * and the provider's retry brings it again.
 */
export type StatusListener = (update: StatusUpdate, tx: Tx) => Promise<void>;

export interface Channels {
  email: Channel;
  whatsapp: Channel;
  sms: Channel;
  /**
   * Web Push to the owner's devices (docs/decisions/039): beside the channels, not one of them, as
   * it reaches a device rather than an address and only ever adds to the owner's e-mail reminder.
   */
  push: PushSender;
  get(id: ChannelId): Channel;
  /** Adds code that runs with each new receipt, in its transaction (see record-status.ts); returns its removal. */
  onStatus(listener: StatusListener): () => void;
  statusListeners(): readonly StatusListener[];
}
