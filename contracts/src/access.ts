import { z } from "zod";
import { releasedEmergencySchema, releasedLocationSchema } from "./emergency.ts";

const openReleasedMessageSchema = z.object({
  state: z.literal("open"),
  sender: z.object({ first_name: z.string().nullable(), last_name: z.string().nullable() }),
  title: z.string(),
  text_content: z.string(),
  /** For an emergency, only a position current at the press (docs/decisions/008); null when none is shared. */
  location: releasedLocationSchema.nullable(),
  /** Set when the release was an emergency. */
  emergency: releasedEmergencySchema.nullable(),
  attachments: z.array(z.object({ id: z.string(), name: z.string(), type: z.string(), size: z.number() })),
  released_at: z.string(),
  expires_at: z.string().nullable(),
  /**
   * The Mapbox token for the page's map when MAPBOX_TOKEN is set and a position is shown; null
   * otherwise (the page then links to OpenStreetMap). Only a valid link's holder receives it.
   */
  map: z.object({ token: z.string(), api_url: z.string() }).nullable(),
});

/** GET /api/access/:messageId?t= — the message, or only its opening time during the unlock delay. */
export const releasedMessageSchema = z.discriminatedUnion("state", [z.object({ state: z.literal("locked"), opens_at: z.string() }), openReleasedMessageSchema]);
export type ReleasedMessage = z.infer<typeof releasedMessageSchema>;
export type OpenReleasedMessage = z.infer<typeof openReleasedMessageSchema>;
