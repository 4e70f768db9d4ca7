import { z } from "zod";
import { CHANNEL_WORDS } from "./channel-words.ts";
import type { RecipientChannel } from "./recipients.ts";

/**
 * The emergency (panic) wire format shared by the server and the web app (spec §4 Panic button,
 * §7 Functions). The request body is the spec's, word for word; the location travels in its own
 * call first (PUT /api/messages/:id/location), as the spec's client updated the message before
 * triggering.
 */
export const sendMessageNotificationsBody = z
  .object({
    messageId: z.uuid({ message: "messageId must be a message id" }),
    isEmergency: z.boolean({ message: "isEmergency must be true or false" }).default(true),
    debug: z.boolean({ message: "debug must be true or false" }).optional(),
    /** Overrides the condition's panic_config.keep_armed for this trigger when given. */
    keepArmed: z.boolean({ message: "keepArmed must be true or false" }).optional(),
    /** Accepted for the spec's wire format: an emergency is always sent at once. */
    forceSend: z.boolean({ message: "forceSend must be true or false" }).default(true),
    /**
     * The client's id for this press (its retry sends the same id). A repeat within the 30 s
     * window is a duplicate even if it names another message (docs/decisions/008).
     */
    deduplicationId: z.string().min(1).max(200, "deduplicationId must be at most 200 characters").optional(),
    /** The client's clock at the press (ISO 8601); informational, the server's clock decides. */
    timestamp: z.iso.datetime({ offset: true, message: "timestamp must be an ISO 8601 date-time" }).optional(),
  })
  .strict();
export type SendMessageNotificationsBody = z.input<typeof sendMessageNotificationsBody>;

export const sendMessageNotificationsResponse = z.object({
  success: z.boolean(),
  error: z.string().nullable(),
  /** True when the condition stays active after this trigger (always true for a skipped duplicate). */
  keepArmed: z.boolean().optional(),
  /** True when this trigger repeated one of the last 30 s and was skipped (spec §5). */
  duplicate: z.boolean().optional(),
  /** How many recipients the alert is going to (0 for a duplicate). */
  recipients: z.number().int().optional(),
  /**
   * Whether a position goes with the alert: the message's, if captured at most
   * EMERGENCY_LOCATION_MAX_AGE_MS before the press — by this press or an earlier one. The owner is
   * told this, not what their browser managed this time. For a duplicate: what the alert it
   * repeats carried (absent when that alert is not known).
   */
  locationIncluded: z.boolean().optional(),
  /** When the position that went was captured (ISO 8601); null when none went. */
  locatedAt: z.string().nullable().optional(),
  /** The server's name for that position's place, when it has one. */
  locationName: z.string().nullable().optional(),
  /** When the alert was accepted, on the server's clock (ISO 8601): how old `locatedAt` was then. */
  triggeredAt: z.string().optional(),
});
export type SendMessageNotificationsResponse = z.infer<typeof sendMessageNotificationsResponse>;

/** The spec's answer when the message has no active panic condition (HTTP 409). */
export const NO_ACTIVE_PANIC_MESSAGE = "No active panic message found";

/**
 * The answer when nobody could be alerted (HTTP 409): the emergency has no recipient, or none of
 * them can be reached by a channel this server sends by (`off`: the channels they chose that it
 * does not). Nothing was sent; the person must fix it or get help another way. E-mail is the way
 * out named: every server sends it and every plan includes it.
 */
export function noDeliverableRecipientMessage({
  recipients,
  off,
}: {
  recipients: number;
  off: readonly RecipientChannel[];
}): string {
  const fix =
    'Give a recipient an e-mail address and choose E-mail under "Reach them by", or contact someone directly.';
  if (recipients === 0) return `Nobody could be alerted: this emergency message has no recipients. ${fix}`;
  if (off.length === 0)
    return `Nobody could be alerted: none of this message's recipients has an address for the ways chosen to reach them. ${fix}`;
  const names = off.map((c) => CHANNEL_WORDS[c]).join(" and ");
  return `Nobody could be alerted: this message's recipients can be reached only by ${names}, which this server does not send (its operator has not set ${off.length > 1 ? "them" : "it"} up). ${fix}`;
}

/**
 * A position goes with an emergency only if it was captured at most this long before the press
 * (or after it). Older ones are never presented as current: the alert says no current location
 * was available (docs/decisions/008).
 */
export const EMERGENCY_LOCATION_MAX_AGE_MS = 2 * 60 * 1000;

/** PUT /api/messages/:id/location: the browser's position; the server names the place. */
export const messageLocationBody = z
  .object({
    latitude: z
      .number({ message: "latitude must be a number" })
      .min(-90, "Latitude must be between -90 and 90")
      .max(90, "Latitude must be between -90 and 90"),
    longitude: z
      .number({ message: "longitude must be a number" })
      .min(-180, "Longitude must be between -180 and 180")
      .max(180, "Longitude must be between -180 and 180"),
    /** Metres, as the Geolocation API reports it. */
    accuracy: z.number({ message: "accuracy must be a number" }).min(0).max(1_000_000).optional(),
  })
  .strict();
export type MessageLocationBody = z.infer<typeof messageLocationBody>;

export const messageLocationResponse = z.object({
  share_location: z.literal(true),
  location_latitude: z.number(),
  location_longitude: z.number(),
  /** The reverse-geocoded place ("Camden Town, London, United Kingdom"), null when none is known. */
  location_name: z.string().nullable(),
  /** When the server stored this position (ISO 8601). */
  located_at: z.string(),
});
export type MessageLocationResponse = z.infer<typeof messageLocationResponse>;

/** POST /functions/v1/get-mapbox-token (spec §7): null when no token is configured. */
export const mapboxTokenResponse = z.object({ token: z.string().nullable() });

/**
 * Added to the recipient's access page answer (GET /api/access/:messageId, state "open") when the
 * release was an emergency; `location` then carries a position only if it was current at the press.
 */
export const releasedEmergencySchema = z.object({
  /** When the owner pressed the emergency button (ISO 8601). */
  triggered_at: z.string(),
  /** True when the location shown was captured shortly before (or after) the press. */
  location_current: z.boolean(),
});
export type ReleasedEmergency = z.infer<typeof releasedEmergencySchema>;

/** The access page's location: `located_at` is when the device position was captured (null: typed by hand). */
export const releasedLocationSchema = z.object({
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  name: z.string().nullable(),
  located_at: z.string().nullable(),
  /** Metres, as the device reported it; null when unknown. */
  accuracy_m: z.number().nullable(),
});
