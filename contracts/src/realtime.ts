import { z } from "zod";
import { conditionSchema } from "./conditions/condition-schema.ts";

/**
 * The /realtime WebSocket protocol (docs/decisions/006). Every frame is one JSON object; both
 * sides parse what they receive with these schemas. Browsers cannot set headers on a WebSocket
 * and tokens in URLs end up in logs, so the access token travels in the first message.
 */

/** The spec's channel name (§7), echoed in `subscribed`. */
export const REALTIME_CHANNEL = "message_conditions_stable";
/** The client must send `auth` within this time after connecting, or the socket is closed. */
export const REALTIME_AUTH_TIMEOUT_MS = 10_000;
/** Largest frame the server accepts, in bytes. */
export const REALTIME_MAX_FRAME_BYTES = 16 * 1024;
/** Bytes a socket may have queued and unsent; a client that stops reading is dropped past this, not buffered for. */
export const REALTIME_MAX_BUFFERED_BYTES = 1024 * 1024;
/** Client frames a socket may send per second on average; any dashboard needs a few per hour. */
export const REALTIME_MESSAGES_PER_SECOND = 5;
/** Client frames a socket may send at once before the per-second rate applies. */
export const REALTIME_MESSAGE_BURST = 10;

/**
 * Close codes the server uses. `unauthorized`: bad or expired token, or the session ended
 * (sign out, revoked) — refresh the token before reconnecting. `authTimeout`: no `auth` in time.
 * `tooManyMessages`: the client kept sending after an `error` told it it was over the rate.
 * `slowConsumer` (1013, "try again later"): the client did not read what it was sent; reconnecting
 * reloads the data. 1001 (going away) is sent when the server shuts down.
 */
export const REALTIME_CLOSE = {
  unauthorized: 4401,
  authTimeout: 4408,
  tooManyMessages: 4429,
  slowConsumer: 1013,
  /** This process missed updates (its feed from the database was down): reconnect, and refetch. */
  missedUpdates: 1012,
} as const;

/**
 * Delay before reconnect attempt `attempt` (1 for the first): the spec's attempts `spacingMs` apart
 * (§9: at most 3, 5 s apart), the first after a uniform draw below `spacingMs`, so the tabs a server
 * restart drops at one moment come back spread over that interval instead of all together, and
 * stay spread on their later attempts.
 */
export function realtimeReconnectDelayMs(
  attempt: number,
  { spacingMs, random = Math.random }: { spacingMs: number; random?: () => number },
): number {
  return attempt <= 1 ? Math.floor(random() * spacingMs) : spacingMs;
}

export const realtimeAuthSchema = z.object({ type: z.literal("auth"), access_token: z.string().min(1).max(8192) });
export const realtimePingSchema = z.object({ type: z.literal("ping") });

/** client → server */
export const realtimeClientMessageSchema = z.discriminatedUnion("type", [realtimeAuthSchema, realtimePingSchema]);
export type RealtimeClientMessage = z.infer<typeof realtimeClientMessageSchema>;

/** The values before the update, so the client can tell a check-in, an arm/disarm and an edit apart (spec §4). */
export const conditionBeforeUpdateSchema = z.object({
  id: z.string(),
  last_checked: z.string(),
  is_armed: z.boolean(),
  active: z.boolean(),
});

/** An UPDATE of one of the user's own message_conditions rows; `new` is the condition as GET /api/conditions/:id returns it. */
export const realtimeConditionUpdateSchema = z.object({
  type: z.literal("UPDATE"),
  table: z.literal("message_conditions"),
  new: conditionSchema,
  old: conditionBeforeUpdateSchema,
});
export type RealtimeConditionUpdate = z.infer<typeof realtimeConditionUpdateSchema>;

/**
 * Something the owner's API answers changed, here one of their requests for access (docs/decisions/041:
 * a new one, or one denied, withdrawn, granted or revoked). It carries nothing about the change: the
 * client refetches through the authenticated API, which already scopes to the owner, so no reason,
 * name or title ever travels on the socket and no second copy of the API's view needs building.
 */
export const realtimeTableChangedSchema = z.object({
  type: z.literal("CHANGED"),
  table: z.literal("access_requests"),
});
export type RealtimeTableChanged = z.infer<typeof realtimeTableChangedSchema>;

/** server → client */
export const realtimeServerMessageSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("subscribed"), channel: z.literal(REALTIME_CHANNEL) }),
  z.object({ type: z.literal("pong") }),
  z.object({ type: z.literal("error"), message: z.string() }),
  realtimeConditionUpdateSchema,
  realtimeTableChangedSchema,
]);
export type RealtimeServerMessage = z.infer<typeof realtimeServerMessageSchema>;

export type ConditionChangeKind = "check-in" | "arm" | "disarm" | "update";

/**
 * How the client classifies an update (spec §4 "Live updates"): a changed last_checked is a
 * check-in (e.g. from the messaging app), a changed is_armed an arm or disarm, anything else a
 * general update. Arm/disarm is tested first, and a last_checked equal to the new armed_at is not
 * a check-in: arming and timing edits restart the clock by setting last_checked = armed_at = now
 * (decision 003), and calling those "checked in" would tell the owner something they did not do.
 */
export function classifyConditionUpdate({
  new: next,
  old,
}: Pick<RealtimeConditionUpdate, "new" | "old">): ConditionChangeKind {
  if (old.is_armed !== next.is_armed) return next.is_armed ? "arm" : "disarm";
  if (old.last_checked !== next.last_checked && next.last_checked !== next.armed_at) return "check-in";
  return "update";
}
