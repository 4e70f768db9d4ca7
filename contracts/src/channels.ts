import { z } from "zod";

/** Number verification (docs/decisions/014): 6 digits, 10 minutes, single use, 5 tries. */
export const VERIFICATION_CODE_LENGTH = 6;
export const VERIFICATION_CODE_TTL_MS = 10 * 60 * 1000;
export const VERIFICATION_MAX_ATTEMPTS = 5;
/** A new code no sooner than this after the last one, and at most VERIFICATION_CODES_PER_HOUR an hour. */
export const VERIFICATION_RESEND_MS = 60 * 1000;
export const VERIFICATION_CODES_PER_HOUR = 5;

export const PHONE_CHANNELS = ["whatsapp", "sms"] as const;
export type PhoneChannel = (typeof PHONE_CHANNELS)[number];
/** Where a recipient's message can go. */
export const DELIVERY_CHANNELS = ["email", ...PHONE_CHANNELS] as const;
export type DeliveryChannel = (typeof DELIVERY_CHANNELS)[number];
/** Where the owner's own reminders can go: also Web Push to the devices they turned on (contracts/src/push.ts). */
export const REMINDER_CHANNELS = [...DELIVERY_CHANNELS, "push"] as const;
export type ReminderChannel = (typeof REMINDER_CHANNELS)[number];

const channelUses = z.object({
  check_in: z.boolean(),
  verification: z.boolean(),
  owner_reminders: z.boolean(),
  deliveries: z.boolean(),
  /** Trusted contacts may be invited, asked and told on it (WhatsApp also needs its contact template). */
  trusted_contacts: z.boolean(),
});

/** GET /api/channels: what this server can do by message; pages say only what is true here. */
export const channelsInfoSchema = z.object({
  email: z.object({ available: z.literal(true), transport: z.enum(["smtp", "outbox"]) }),
  /** `local`: not configured, and what would go by it lands in the local mailbox (no mail server either). */
  whatsapp: z.object({ available: z.boolean(), local: z.boolean(), missing: z.array(z.string()), uses: channelUses }),
  /** `from`: the number people text (null when SMS is off or sent through a Messaging Service). */
  sms: z.object({
    available: z.boolean(),
    local: z.boolean(),
    missing: z.array(z.string()),
    uses: channelUses,
    from: z.string().nullable(),
  }),
});
export type ChannelsInfo = z.infer<typeof channelsInfoSchema>;

export const deliveryStateSchema = z.enum(["sending", "sent", "delivered", "read", "failed"]);

/** GET /api/profile/channels: the owner's number, its proof, a code on its way, and where reminders go. */
export const ownerChannelsSchema = z.object({
  number: z.string().nullable(),
  verified: z.object({ via: z.enum(PHONE_CHANNELS), at: z.string() }).nullable(),
  pending: z
    .object({
      channel: z.enum(PHONE_CHANNELS),
      sent_at: z.string(),
      expires_at: z.string(),
      attempts_left: z.number().int(),
      /** What the provider told us about the message carrying the code. */
      delivery: deliveryStateSchema,
      delivery_error: z.string().nullable(),
    })
    .nullable(),
  /** When another code may be asked for (null: now). */
  resend_at: z.string().nullable(),
  /** Always includes "email"; WhatsApp and SMS only with a verified number; push only with a device (push.ts). */
  reminder_channels: z.array(z.enum(REMINDER_CHANNELS)),
});
export type OwnerChannels = z.infer<typeof ownerChannelsSchema>;

export const requestCodeBodySchema = z
  .object({ channel: z.enum(PHONE_CHANNELS, { message: "channel must be whatsapp or sms" }) })
  .strict();
export const verifyCodeBodySchema = z
  .object({
    code: z
      .string({ message: "Enter the 6-digit code" })
      .transform((v) => v.replace(/\s/g, ""))
      .refine((v) => /^\d{6}$/.test(v), "Enter the 6 digits of the code"),
  })
  .strict();
export const reminderChannelsBodySchema = z
  .object({
    channels: z
      .array(z.enum(REMINDER_CHANNELS, { message: "Channels are email, whatsapp, sms and push" }), {
        message: "channels must be a list",
      })
      .max(REMINDER_CHANNELS.length)
      .refine((c) => new Set(c).size === c.length, "Each channel may appear once")
      .refine((c) => c.includes("email"), "Reminders always go by e-mail too: keep email in the list"),
  })
  .strict();

/**
 * GET /api/messages/:id/receipts: per release, recipient and channel, what the provider last said
 * (docs/decisions/014). `fallback`: this channel was used because an earlier one failed for good.
 */
export const deliveryReceiptSchema = z.object({
  release_id: z.string().nullable(),
  /** One person in one release (all the channels tried for them); what a deleted recipient's rows share. */
  delivery_id: z.string(),
  /** Null once the recipient was deleted. */
  recipient_id: z.string().nullable(),
  recipient_name: z.string(),
  channel: z.enum(DELIVERY_CHANNELS),
  /** The e-mail address or number it went to. */
  address: z.string(),
  status: z.enum(["sent", "delivered", "read", "failed"]),
  /** Kept in this server's local mailbox (no mail server, or the provider is not configured): nobody was sent it. */
  kept_locally: z.boolean(),
  fallback: z.boolean(),
  /** For a failure: why, in the provider's words, and whether another try on this channel could help. */
  error: z.string().nullable(),
  permanent: z.boolean(),
  attempts: z.number().int(),
  first_at: z.string(),
  /** When the status last changed. */
  at: z.string(),
});
export type DeliveryReceipt = z.infer<typeof deliveryReceiptSchema>;
export const messageReceiptsSchema = z.array(deliveryReceiptSchema);
