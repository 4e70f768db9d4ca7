import { z } from "zod";
import { RECIPIENT_NAME_MAX, RECIPIENT_NOTE_MAX } from "./limits.ts";
import { whatsappNumberSchema } from "./profile.ts";

export const RECIPIENT_CHANNELS = ["email", "whatsapp", "sms"] as const;
export type RecipientChannel = (typeof RECIPIENT_CHANNELS)[number];

/** "" and whitespace mean "none", so a form can clear a field. */
const optionalText = <T extends z.ZodType<string | null>>(inner: T) =>
  z.preprocess(
    (v) => (typeof v === "string" && v.trim() === "" ? null : typeof v === "string" ? v.trim() : v),
    inner.nullable(),
  );

const recipientFields = {
  name: z
    .string({ message: "Give the recipient a name" })
    .trim()
    .min(1, "Give the recipient a name")
    .max(RECIPIENT_NAME_MAX, `The name must be at most ${RECIPIENT_NAME_MAX} characters`),
  email: optionalText(z.email({ message: "Enter a valid e-mail address" }).max(254, "The e-mail address is too long")),
  /** E.164, used for WhatsApp and SMS. */
  phone: optionalText(whatsappNumberSchema),
  /** Preferred channels in order; each needs its address (email → email, whatsapp/sms → phone). */
  channels: z
    .array(z.enum(RECIPIENT_CHANNELS, { message: "Channels are email, whatsapp and sms" }), {
      message: "channels must be a list",
    })
    .max(RECIPIENT_CHANNELS.length)
    .refine((c) => new Set(c).size === c.length, "Each channel may appear once"),
  note: optionalText(z.string().max(RECIPIENT_NOTE_MAX, `The note must be at most ${RECIPIENT_NOTE_MAX} characters`)),
};

export interface RecipientRuleInput {
  email: string | null;
  phone: string | null;
  channels: RecipientChannel[];
}

/** Channels and addresses must agree, and there must be a way to reach the person. */
export function recipientProblems(r: RecipientRuleInput): Record<string, string> {
  if (r.channels.length === 0) return { channels: "Choose at least one way to reach them: email, whatsapp or sms" };
  if (r.channels.includes("email") && !r.email)
    return { email: "Add their e-mail address, or remove the email channel" };
  if ((r.channels.includes("whatsapp") || r.channels.includes("sms")) && !r.phone)
    return { phone: "Add their phone number, or remove the whatsapp and sms channels" };
  return {};
}

/** Without an explicit list: e-mail first, then WhatsApp, for the addresses given. */
export function defaultChannels(r: { email?: string | null; phone?: string | null }): RecipientChannel[] {
  return [...(r.email ? (["email"] as const) : []), ...(r.phone ? (["whatsapp"] as const) : [])];
}

const withRules = <T extends z.ZodType<{ email: string | null; phone: string | null; channels?: RecipientChannel[] }>>(
  schema: T,
) =>
  schema.superRefine((value, ctx) => {
    const problems = value.channels
      ? recipientProblems({ ...value, channels: value.channels })
      : defaultChannels(value).length === 0
        ? { email: "Give an e-mail address or a phone number so they can be reached" }
        : {};
    for (const [path, message] of Object.entries(problems)) ctx.addIssue({ code: "custom", path: [path], message });
  });

/** POST /api/recipients. */
export const recipientCreateSchema = withRules(
  z
    .object({
      name: recipientFields.name,
      email: recipientFields.email.default(null),
      phone: recipientFields.phone.default(null),
      channels: recipientFields.channels.optional(),
      note: recipientFields.note.default(null),
    })
    .strict(),
);
export type RecipientCreate = z.input<typeof recipientCreateSchema>;

/** PATCH /api/recipients/:id: any subset; the server checks the merged result with `recipientProblems`. */
export const recipientUpdateSchema = z.object(recipientFields).partial().strict();
export type RecipientUpdate = z.input<typeof recipientUpdateSchema>;

export const recipientSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  channels: z.array(z.enum(RECIPIENT_CHANNELS)),
  note: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Recipient = z.infer<typeof recipientSchema>;

export const recipientDeletedSchema = z.object({
  /** Messages that had this recipient and lost it; the web app can warn about them. */
  removed_from_messages: z.array(z.object({ id: z.string(), title: z.string() })),
  /** Conditions switched off because this was the last recipient they were limited to. */
  disarmed_conditions: z.array(z.string()),
});
