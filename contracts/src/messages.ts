import { z } from "zod";
import { attachmentSchema } from "./attachments.ts";
import { conditionCreateSchema, conditionSchema, conditionUpdateSchema } from "./conditions/condition-schema.ts";
import { formatCount } from "./format/count.ts";
import {
  CONDITIONS_PER_MESSAGE_MAX,
  LOCATION_NAME_MAX,
  MESSAGE_PREVIEW_CHARS,
  MESSAGE_TEXT_MAX,
  MESSAGE_TITLE_MAX,
} from "./limits.ts";
import { recipientSchema } from "./recipients.ts";
import { sealedPartSchema, sealInputSchema } from "./sealed.ts";

const messageFields = {
  title: z
    .string({ message: "Give the message a title" })
    .trim()
    .min(1, "Give the message a title")
    .max(MESSAGE_TITLE_MAX, `The title must be at most ${MESSAGE_TITLE_MAX} characters`),
  text_content: z
    .string({ message: "text_content must be text" })
    .max(MESSAGE_TEXT_MAX, `The message must be at most ${formatCount(MESSAGE_TEXT_MAX)} characters`),
  share_location: z.boolean({ message: "share_location must be true or false" }),
  location_latitude: z
    .number({ message: "location_latitude must be a number" })
    .min(-90, "Latitude must be between -90 and 90")
    .max(90, "Latitude must be between -90 and 90")
    .nullable(),
  location_longitude: z
    .number({ message: "location_longitude must be a number" })
    .min(-180, "Longitude must be between -180 and 180")
    .max(180, "Longitude must be between -180 and 180")
    .nullable(),
  location_name: z
    .string({ message: "location_name must be text" })
    .trim()
    .max(LOCATION_NAME_MAX, `The place name must be at most ${LOCATION_NAME_MAX} characters`)
    .transform((v) => v || null)
    .nullable(),
};

/** Latitude and longitude come as a pair (both set, or both null). */
export function locationProblems(m: {
  location_latitude?: number | null;
  location_longitude?: number | null;
}): Record<string, string> {
  const lat = m.location_latitude ?? null;
  const lon = m.location_longitude ?? null;
  if ((lat === null) === (lon === null)) return {};
  return lat === null
    ? { location_latitude: "Give the latitude together with the longitude" }
    : { location_longitude: "Give the longitude together with the latitude" };
}

/** POST /api/messages. */
export const messageCreateSchema = z
  .object({
    title: messageFields.title,
    text_content: messageFields.text_content.default(""),
    share_location: messageFields.share_location.default(false),
    location_latitude: messageFields.location_latitude.default(null),
    location_longitude: messageFields.location_longitude.default(null),
    location_name: messageFields.location_name.default(null),
  })
  .strict()
  .superRefine((value, ctx) => {
    for (const [path, message] of Object.entries(locationProblems(value)))
      ctx.addIssue({ code: "custom", path: [path], message });
  });
export type MessageCreate = z.input<typeof messageCreateSchema>;

/** PATCH /api/messages/:id: any subset; the server checks the location pair after merging. */
export const messageUpdateSchema = z.object(messageFields).partial().strict();
export type MessageUpdate = z.input<typeof messageUpdateSchema>;

/** PUT /api/messages/:id/recipients: the whole list, replacing the previous one. */
export const messageRecipientsSchema = z
  .object({
    recipient_ids: z
      .array(z.uuid({ message: "Each recipient must be one of your recipients (a recipient id)" }), {
        message: "Recipients must be a list of recipient ids",
      })
      .max(500)
      .refine((ids) => new Set(ids).size === ids.length, "Each recipient may appear once"),
  })
  .strict();

/**
 * POST /api/messages/save (a new message) and PUT /api/messages/:id (an edit): the editor's whole
 * form in one request, saved in one transaction — all of it or, on any error, none of it.
 * Conditions are given as changes, so a condition the owner did not touch keeps its clock.
 * New files are uploaded afterwards (POST /api/messages/:id/attachments): bytes do not travel in JSON.
 */
export const messageSaveSchema = z
  .object({
    title: messageFields.title,
    text_content: messageFields.text_content.default(""),
    recipient_ids: messageRecipientsSchema.shape.recipient_ids.default([]),
    add_conditions: z
      .array(conditionCreateSchema, { message: "add_conditions must be a list of conditions" })
      .max(CONDITIONS_PER_MESSAGE_MAX)
      .default([]),
    change_conditions: z
      .array(z.object({ id: z.uuid({ message: "must be a condition id" }), changes: conditionUpdateSchema }).strict(), {
        message: "change_conditions must be a list",
      })
      .max(CONDITIONS_PER_MESSAGE_MAX)
      .default([]),
    remove_condition_ids: z
      .array(z.uuid({ message: "must be a condition id" }))
      .max(CONDITIONS_PER_MESSAGE_MAX)
      .default([]),
    remove_attachment_ids: z
      .array(z.uuid({ message: "must be an attachment id" }))
      .max(500)
      .default([]),
    /**
     * The message's attachments in the order the owner arranged them (ids, first shown first).
     * Optional: left out, the order stays as it is. Ids not listed keep their order after the
     * listed ones; files uploaded after the save go last. A removed id may not be listed.
     */
    attachment_order: z
      .array(z.uuid({ message: "must be an attachment id" }), {
        message: "attachment_order must be a list of attachment ids",
      })
      .max(500)
      .refine((ids) => new Set(ids).size === ids.length, "Each attachment may appear once")
      .optional(),
    /**
     * Seal the message, or change its passphrase: the text encrypted in the browser (an age file)
     * and the hint. `text_content` must then be empty: the server never receives a sealed text.
     * Left out on a sealed message, its ciphertext stays as it is (and `text_content` must be empty).
     */
    seal: sealInputSchema.optional(),
    /** Back to the server's encryption: `text_content` carries the text again; every sealed file must be removed. */
    unseal: z.literal(true, { message: "unseal must be true or left out" }).optional(),
  })
  .strict()
  .refine((save) => !(save.seal && save.unseal), {
    message: "A save cannot both seal and unseal the message",
    path: ["unseal"],
  })
  .refine((save) => !save.seal || save.text_content === "", {
    message: "A sealed message's text is sent encrypted (seal.text), never as text_content",
    path: ["text_content"],
  })
  .refine((save) => !save.attachment_order?.some((id) => save.remove_attachment_ids.includes(id)), {
    message: "An attachment cannot be both removed and ordered",
    path: ["attachment_order"],
  });
export type MessageSave = z.input<typeof messageSaveSchema>;

const readiness = {
  /** True when the message has recipients and an armed, active condition. */
  ready: z.boolean(),
  /** Plain sentences saying what stops it from being delivered. */
  problems: z.array(z.string()),
};

const releaseState = {
  /**
   * The message's latest release (null: never released), and when the owner withdrew it before it
   * opened (null: not withdrawn): a withdrawn release must not read "Delivered" (message-state.ts).
   */
  last_release: z
    .object({
      release_id: z.string(),
      released_at: z.string(),
      withdrawn_at: z.string().nullable(),
    })
    .nullable(),
};

export const messageSchema = z.object({
  id: z.string(),
  title: z.string(),
  text_content: z.string(),
  share_location: z.boolean(),
  location_latitude: z.number().nullable(),
  location_longitude: z.number().nullable(),
  location_name: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  recipients: z.array(recipientSchema),
  conditions: z.array(conditionSchema),
  attachments: z.array(attachmentSchema),
  /** Set when the message is sealed: its text as an age file and the hint; `text_content` is then empty. */
  sealed: sealedPartSchema.nullable(),
  ...readiness,
  ...releaseState,
});
export type Message = z.infer<typeof messageSchema>;

/** An entry of GET /api/messages: the title and a short preview instead of the whole text. */
export const messageListItemSchema = z.object({
  id: z.string(),
  title: z.string(),
  /** The first 140 characters of text_content. */
  preview: z.string(),
  share_location: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
  recipient_count: z.number(),
  attachment_count: z.number(),
  /** Sealed with a passphrase: the preview is empty, the server cannot read the text. */
  sealed: z.boolean(),
  conditions: z.array(conditionSchema),
  ...readiness,
  ...releaseState,
});
export type MessageListItem = z.infer<typeof messageListItemSchema>;

/** A list entry's preview: the first MESSAGE_PREVIEW_CHARS characters (code points, so no emoji is cut in half). */
export function messagePreview(text: string): string {
  return [...text].slice(0, MESSAGE_PREVIEW_CHARS).join("");
}
