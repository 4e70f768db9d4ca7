import { z } from "zod";

/*
 * Emergency access on request (docs/decisions/041): the owner allows a trusted contact to ask for a
 * message, with a waiting period; the contact asks with a reason; unless the owner denies it before
 * the waiting period ends, that message is released to that contact only. A contact never learns a
 * message's title or content before it is released to them: their page counts the messages open to a
 * request and numbers them ("Message 1").
 */

const HOUR = 3_600_000;

/** The waiting period's bounds and default, in hours: 0 (at once) to 30 days; 72 h is the field's common choice. */
export const ACCESS_WAITING_HOURS = { min: 0, max: 30 * 24, default: 72 } as const;

/** After a request ends (denied or withdrawn), the same contact may ask again for that message only after this long. */
export const ACCESS_REQUEST_COOLDOWN_MS = 24 * HOUR;

/** A reason is required: the owner's alert quotes it. */
export const ACCESS_REASON_MAX = 500;

/**
 * `waiting` until `grants_at`; then `granted` (the message was released to the contact), unless
 * `denied` by the owner first (or because the owner took the permission back, or removed the
 * contact), or `withdrawn` by the contact.
 */
export const ACCESS_REQUEST_STATES = ["waiting", "denied", "granted", "withdrawn"] as const;
export type AccessRequestState = (typeof ACCESS_REQUEST_STATES)[number];

/** One contact allowed to ask for one message (PUT /api/messages/:id/access-permissions). */
export const accessPermissionSchema = z
  .object({
    contact_id: z.uuid({ message: "Choose contacts from your list" }),
    waiting_hours: z
      .number({ message: "Give the waiting period in hours" })
      .int("Give the waiting period in whole hours")
      .min(ACCESS_WAITING_HOURS.min, "The waiting period cannot be negative")
      .max(ACCESS_WAITING_HOURS.max, `Choose a waiting period of at most ${ACCESS_WAITING_HOURS.max / 24} days`),
  })
  .strict();
export type AccessPermission = z.infer<typeof accessPermissionSchema>;

/** The whole list for one message: whoever is not in it may not ask (off by default). */
export const accessPermissionsInputSchema = z
  .object({
    permissions: z
      .array(accessPermissionSchema)
      .max(5)
      .refine((list) => new Set(list.map((p) => p.contact_id)).size === list.length, "Each contact once"),
  })
  .strict();
export type AccessPermissionsInput = z.infer<typeof accessPermissionsInputSchema>;

/** GET and PUT /api/messages/:id/access-permissions answer the message's whole list. */
export const accessPermissionsSchema = z.object({ permissions: z.array(accessPermissionSchema) });

/** A request as its owner sees it (GET /api/access-requests, newest first; the dashboard's banner shows the waiting ones). */
export const ownerAccessRequestSchema = z.object({
  id: z.string(),
  message_id: z.string(),
  message_title: z.string(),
  contact_id: z.string(),
  /** The name the owner gave the contact. */
  contact_name: z.string(),
  reason: z.string(),
  state: z.enum(ACCESS_REQUEST_STATES),
  requested_at: z.string(),
  /** When the message is released to the contact unless denied (while waiting); when it was, once granted. */
  grants_at: z.string(),
  /** When it was denied, granted or withdrawn. */
  decided_at: z.string().nullable(),
  /** Once granted: the grant, and whether the owner has revoked it since. */
  grant_id: z.string().nullable(),
  revoked_at: z.string().nullable(),
  /** Once granted: when the contact first opened it. */
  first_opened_at: z.string().nullable(),
});
export type OwnerAccessRequest = z.infer<typeof ownerAccessRequestSchema>;

/** POST /api/contact/access/request: the contact's page token and why they ask. */
export const contactAccessRequestBodySchema = z
  .object({
    token: z.string().min(1).max(200),
    reason: z
      .string({ message: "Say why you are asking" })
      .trim()
      .min(1, "Say why you are asking")
      .max(ACCESS_REASON_MAX, `Keep the reason to ${ACCESS_REASON_MAX} characters`),
  })
  .strict();

/** POST /api/access-requests/deny: the one-tap Deny link's token (from the owner's alert; no sign-in needed). */
export const accessDenyBodySchema = z.object({ token: z.string().min(1).max(200) }).strict();

/** What the Deny link's page shows, before and after the tap. */
export const accessDenyViewSchema = z.object({
  contact_name: z.string(),
  /** The messages asked for, by title (the owner's own link). */
  message_titles: z.array(z.string()),
  requested_at: z.string(),
  grants_at: z.string(),
  /** `waiting`: Deny still stops it. Otherwise how it ended, and when. */
  state: z.enum(ACCESS_REQUEST_STATES),
  decided_at: z.string().nullable(),
});
export type AccessDenyView = z.infer<typeof accessDenyViewSchema>;

/** One message a contact may ask for, as the contact's page shows it: numbered, never titled. */
export const contactAccessMessageSchema = z.object({
  /** 1-based, in the order the owner allowed them. */
  number: z.number(),
  waiting_hours: z.number(),
  /** The latest request for it, if any. */
  request: z
    .object({
      state: z.enum(ACCESS_REQUEST_STATES),
      requested_at: z.string(),
      grants_at: z.string(),
      decided_at: z.string().nullable(),
      /** Once granted: when the owner took their access back, if they did. */
      revoked_at: z.string().nullable(),
    })
    .nullable(),
  /** May they ask now (no request waiting or granted, and none ended in the last 24 hours)? If not, from when. */
  can_request: z.boolean(),
  can_request_from: z.string().nullable(),
});
export type ContactAccessMessage = z.infer<typeof contactAccessMessageSchema>;
