import { z } from "zod";
import { contactAccessMessageSchema } from "./access-requests.ts";
import { DELIVERY_CHANNELS } from "./channels.ts";
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

/** A contact as its owner sees it (GET /api/trusted-contacts). */
export const trustedContactSchema = z.object({
  id: z.string(),
  name: z.string(),
  channel: z.enum(DELIVERY_CHANNELS),
  /** The e-mail address or E.164 number the invitation went to. */
  address: z.string(),
  state: z.enum(TRUSTED_CONTACT_STATES),
  invited_at: z.string(),
  /** While `invited`: when the invitation link stops working (the owner may then invite again). */
  invitation_expires_at: z.string().nullable(),
  /** When they accepted or declined. */
  responded_at: z.string().nullable(),
  /** When they left or were removed. */
  ended_at: z.string().nullable(),
});
export type TrustedContact = z.infer<typeof trustedContactSchema>;

/**
 * A condition's confirm before release (GET/PUT /api/conditions/:id/confirmation), in the form's
 * units; `enabled: false` turns it off (the other fields are then kept only by the form).
 */
export const conditionConfirmationInputSchema = z
  .object({
    enabled: z.boolean({ message: "Say whether to ask your trusted contacts first" }),
    window_hours: z.number({ message: "Give the confirmation window in hours" }),
    hold_days: z.number({ message: "Give the hold period in days" }),
    max_holds_in_a_row: z.number({ message: "Give the number of holds in a row" }),
    release_answers_needed: z.number({ message: "Give the number of release answers needed" }),
    contact_ids: z.array(z.uuid({ message: "Choose contacts from your list" })).max(TRUSTED_CONTACTS_MAX),
  })
  .strict();
export type ConditionConfirmationInput = z.infer<typeof conditionConfirmationInputSchema>;

/** The stage as the owner sees it on the condition: asking now, or the last hold. */
export const confirmationStageViewSchema = z.object({
  status: z.enum(["none", "asking", "held", "released", "closed_by_check_in"]),
  /** While asking: when it is released if nobody holds it. After a hold: the new deadline. */
  until: z.string().nullable(),
  asked: z.number(),
  answered: z.number(),
  /** After a hold: who held it (the name the owner gave). */
  held_by: z.string().nullable(),
  holds_in_a_row: z.number(),
  /**
   * When the question was held, released or closed by a check-in. Null while asking, when there is
   * none, or for a stage recorded before this was kept.
   */
  closed_at: z.string().nullable(),
});
export type ConfirmationStageView = z.infer<typeof confirmationStageViewSchema>;

export const conditionConfirmationSchema = conditionConfirmationInputSchema.safeExtend({
  stage: confirmationStageViewSchema,
});
export type ConditionConfirmation = z.infer<typeof conditionConfirmationSchema>;

/**
 * GET /api/confirmations: the owner's conditions whose contacts are being asked now, or whose release
 * a contact held (until the new deadline): what the dashboard tells the owner, soonest first.
 */
export const activeConfirmationSchema = z.object({
  condition_id: z.string(),
  message_id: z.string(),
  message_title: z.string(),
  /** Asking first is still on (it may be turned off while a question stays open to its end). */
  enabled: z.boolean(),
  max_holds_in_a_row: z.number(),
  stage: confirmationStageViewSchema,
});
export type ActiveConfirmation = z.infer<typeof activeConfirmationSchema>;

/*
 * What a trusted contact sees through their links (public, no account; docs/decisions/041). Tokens
 * travel in the body, never the path (docs/decisions/011). A contact learns the owner's first name
 * and what is asked of them: never a message's title, content or recipients.
 */

export const contactTokenBodySchema = z.object({ token: z.string().min(1).max(200) }).strict();

export const invitationAnswerBodySchema = z
  .object({
    token: z.string().min(1).max(200),
    answer: z.enum(["accept", "decline"], { message: "Answer accept or decline" }),
  })
  .strict();

/**
 * An invitation link, looked up (POST /api/contact/invitation/lookup) or answered
 * (POST /api/contact/invitation). `open`: not answered yet; `accepted` comes with the contact's own
 * page token (`page_token`, once, on the answer that accepted); `expired`: it lapsed unanswered;
 * `ended`: they left or were removed. An unknown link is a 404.
 */
export const CONTACT_INVITATION_STATUSES = ["open", "accepted", "declined", "expired", "ended"] as const;
export const contactInvitationSchema = z.object({
  owner_first_name: z.string(),
  /** How this contact is reached: where their links and notices are sent. */
  channel: z.enum(DELIVERY_CHANNELS),
  status: z.enum(CONTACT_INVITATION_STATUSES),
  /** While open: when the link stops working. */
  expires_at: z.string().nullable(),
  /** Only in the answer that accepted: the contact's own page (/contact?token=…), to keep. */
  page_token: z.string().nullable(),
});
export type ContactInvitation = z.infer<typeof contactInvitationSchema>;

export const questionAnswerBodySchema = z
  .object({
    token: z.string().min(1).max(200),
    answer: z.enum(["hold", "release"], { message: "Answer hold or release" }),
  })
  .strict();

/**
 * A question's link, looked up (POST /api/contact/question/lookup, changes nothing) or answered
 * (POST /api/contact/question). `status`:
 * - `open`: the contacts are being asked until `ends_at`;
 * - `held`: a contact said the owner is OK; `released`: it was sent; `closed_by_check_in`: the owner checked in;
 * - `superseded`: the link is of an earlier question, closed since;
 * - `removed`: this person is no longer a trusted contact of the owner.
 * An unknown link is a 404.
 */
export const CONTACT_QUESTION_STATUSES = [
  "open",
  "held",
  "released",
  "closed_by_check_in",
  "superseded",
  "removed",
] as const;
export type ContactQuestionStatus = (typeof CONTACT_QUESTION_STATUSES)[number];
export const contactQuestionSchema = z.object({
  owner_first_name: z.string(),
  /** The owner's last check-in: "Have you been in touch with {first name} since {since}?" */
  since: z.string(),
  /** When it is sent if nobody answers (while open); when it closed otherwise, if known. */
  ends_at: z.string(),
  status: z.enum(CONTACT_QUESTION_STATUSES),
  /** This contact's answer, once given (the first one counts). */
  your_answer: z.enum(["hold", "release"]).nullable(),
  /** How many of the contacts asked have answered "release", and how many such answers release it at once. */
  release_answers: z.number(),
  release_answers_needed: z.number(),
});
export type ContactQuestion = z.infer<typeof contactQuestionSchema>;

/**
 * POST /api/contact/question's answer: the question as it now stands, and what became of this
 * answer: `recorded`; `already_recorded` (the same answer again, counted once); `conflicting` (a
 * different answer after a first one: the first is kept); `refused` (the question was closed,
 * or they are no longer a contact: `question.status` says which).
 */
export const contactAnswerResultSchema = z.object({
  outcome: z.enum(["recorded", "already_recorded", "conflicting", "refused"]),
  question: contactQuestionSchema,
});
export type ContactAnswerResult = z.infer<typeof contactAnswerResultSchema>;

/** A contact's own page (POST /api/contact/page/lookup; POST /api/contact/leave steps down). */
export const contactPageSchema = z.object({
  owner_first_name: z.string(),
  /** How this contact is reached: where their links and notices are sent. */
  channel: z.enum(DELIVERY_CHANNELS),
  state: z.enum(TRUSTED_CONTACT_STATES),
  /** When they accepted. */
  since: z.string().nullable(),
  /** The messages the owner allows them to ask for (emergency access on request), numbered, never titled. */
  access: z.array(contactAccessMessageSchema),
});
export type ContactPage = z.infer<typeof contactPageSchema>;
