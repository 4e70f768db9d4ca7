import { z } from "zod";
import { DELIVERY_CHANNELS, type DeliveryChannel } from "./channels.ts";
import { RECIPIENT_NAME_MAX } from "./limits.ts";
import { whatsappNumberSchema } from "./profile.ts";

/**
 * Trusted contacts (docs/decisions/041): people an owner names, with no account, who may hold a
 * release or ask for access. `invited` until they answer the invitation; `active` once accepted;
 * `declined`, `left` (they stepped down) and `removed` (by the owner) end it.
 */
export const TRUSTED_CONTACT_STATES = ["invited", "active", "declined", "left", "removed"] as const;
export type TrustedContactState = (typeof TRUSTED_CONTACT_STATES)[number];

/** Contacts invited or active at once: enough for family and a friend, few enough to reach in a crisis. */
export const TRUSTED_CONTACTS_MAX = 5;

/** An invitation link works this long; the owner can invite again after it lapses. */
export const TRUSTED_CONTACT_INVITATION_TTL_MS = 14 * 24 * 3_600_000;

export const trustedContactInviteSchema = z
  .object({
    name: z
      .string({ message: "Give your contact a name" })
      .trim()
      .min(1, "Give your contact a name")
      .max(RECIPIENT_NAME_MAX, `The name must be at most ${RECIPIENT_NAME_MAX} characters`),
    channel: z.enum(DELIVERY_CHANNELS, { message: "Choose how to reach them: email, whatsapp or sms" }),
    address: z.string({ message: "Add their e-mail address or phone number" }).trim(),
  })
  .transform((value, ctx) => {
    const parsed =
      value.channel === "email"
        ? z.email().max(254).safeParse(value.address.toLowerCase())
        : whatsappNumberSchema.refine((v) => v !== "").safeParse(value.address);
    if (!parsed.success) {
      ctx.addIssue({
        code: "custom",
        path: ["address"],
        message:
          value.channel === "email"
            ? "Enter a valid e-mail address"
            : "Enter the number in international format with the country code, e.g. +44 7700 900123",
      });
      return z.NEVER;
    }
    return { ...value, address: parsed.data };
  });
export type TrustedContactInvite = z.output<typeof trustedContactInviteSchema>;

/** A contact as its owner sees it. */
export interface TrustedContact {
  id: string;
  name: string;
  channel: DeliveryChannel;
  /** The e-mail address or E.164 number the invitation went to. */
  address: string;
  state: TrustedContactState;
  invited_at: string;
  /** While `invited`: when the invitation link stops working (the owner may then invite again). */
  invitation_expires_at: string | null;
  /** When they accepted or declined. */
  responded_at: string | null;
  /** When they left or were removed. */
  ended_at: string | null;
}
