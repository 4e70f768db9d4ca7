import { z } from "zod";
import { releasedEmergencySchema, releasedLocationSchema } from "./emergency.ts";
import { RECIPIENT_CHANNELS } from "./recipients.ts";
import { sealedPartSchema } from "./sealed.ts";

const openReleasedMessageSchema = z.object({
  state: z.literal("open"),
  sender: z.object({ first_name: z.string().nullable(), last_name: z.string().nullable() }),
  title: z.string(),
  text_content: z.string(),
  /** For an emergency, only a position current at the press (docs/decisions/008); null when none is shared. */
  location: releasedLocationSchema.nullable(),
  /** Set when the release was an emergency. */
  emergency: releasedEmergencySchema.nullable(),
  /** A sealed message: its text as an age file and the hint; `text_content` is then empty. */
  sealed: sealedPartSchema.nullable(),
  /** `sealed` files download as age files, opened in the browser with the passphrase. */
  attachments: z.array(
    z.object({ id: z.string(), name: z.string(), type: z.string(), size: z.number(), sealed: z.boolean() }),
  ),
  released_at: z.string(),
  expires_at: z.string().nullable(),
  /** The channel that brought this person the link (the page tells them what to keep); null when unknown. */
  delivered_by: z.enum(RECIPIENT_CHANNELS).nullable(),
  /**
   * The Mapbox token for the page's map when MAPBOX_TOKEN is set and a position is shown; null
   * otherwise (the page then links to OpenStreetMap). Only a valid link's holder receives it.
   */
  map: z.object({ token: z.string(), api_url: z.string() }).nullable(),
});

/** GET /api/access/:messageId?t= — the message, or only its opening time during the unlock delay. */
export const releasedMessageSchema = z.discriminatedUnion("state", [
  z.object({ state: z.literal("locked"), opens_at: z.string() }),
  openReleasedMessageSchema,
]);
export type ReleasedMessage = z.infer<typeof releasedMessageSchema>;
export type OpenReleasedMessage = z.infer<typeof openReleasedMessageSchema>;

/** One recipient's access grant of one release, as its owner sees it (GET /api/messages/:id/releases, GET /api/releases). */
export const releaseGrantSchema = z.object({
  release_id: z.string(),
  grant_id: z.string(),
  message_id: z.string(),
  /** Null when the recipient was deleted from the address book after the release. */
  recipient: z.object({ id: z.string(), name: z.string(), email: z.string().nullable() }).nullable(),
  /** A trusted contact's grant, released on their request (docs/decisions/041): who, by the owner's name for them; else null. */
  contact: z.object({ id: z.string(), name: z.string() }).nullable(),
  released_at: z.string(),
  opens_at: z.string(),
  expires_at: z.string().nullable(),
  first_opened_at: z.string().nullable(),
  cancelled_at: z.string().nullable(),
  /** From the Emergency button rather than a missed deadline. */
  emergency: z.boolean(),
  /** The message carrying the link: still being sent (retries included), sent, or given up; null for a grant without one. */
  delivery_status: z.enum(["pending", "sent", "failed"]).nullable(),
  /** When a channel took it (a mail server, WhatsApp, Twilio, or the local mailbox). */
  delivered_at: z.string().nullable(),
  /** The channel that took it, or the last one tried while it is being sent or failed; null before any attempt. */
  delivery_channel: z.enum(RECIPIENT_CHANNELS).nullable(),
  /** It was kept in this server's local mailbox (no mail server or provider configured), not sent to anyone. */
  kept_locally: z.boolean(),
});
export type ReleaseGrant = z.infer<typeof releaseGrantSchema>;

/** POST /api/messages/:id/releases/:releaseId/cancel: how many recipients' links were withdrawn. */
export const releaseCancelledSchema = z.object({ cancelled: z.number() });
export type ReleaseCancelled = z.infer<typeof releaseCancelledSchema>;

/** A release of one of the owner's messages with the grants of its recipients (GET /api/releases, newest first). */
export const ownerReleaseSchema = z.object({
  release_id: z.string(),
  message_id: z.string(),
  message_title: z.string(),
  released_at: z.string(),
  emergency: z.boolean(),
  grants: z.array(releaseGrantSchema),
});
export type OwnerRelease = z.infer<typeof ownerReleaseSchema>;
/** How many releases GET /api/releases returns at most. */
export const RECENT_RELEASES_MAX = 10;
