import type { RealtimeTableChanged } from "@trigger-switch/contracts";
import { z } from "zod";

/** The channel (and WAL message prefix) migration 0030's triggers announce requests for access on. */
export const ACCESS_REQUESTS_CHANNEL = "access_requests";

/** Migration 0030's payload: the request and its owner, nothing else; parsed because it crosses a process boundary. */
export const accessRequestNotificationSchema = z.object({
  id: z.uuid(),
  user_id: z.uuid(),
});
export type AccessRequestNotification = z.infer<typeof accessRequestNotificationSchema>;

const changed: RealtimeTableChanged = { type: "CHANGED", table: "access_requests" };

/**
 * The CHANGED frames of a batch of notifications: one per owner `wanted` (with a socket here),
 * however many of their requests changed, since the client refetches the whole list on each. The
 * frame names no request and needs no query: the owner's API says what changed, to them alone.
 */
export function accessRequestChanges({
  notifications,
  wanted,
}: {
  notifications: AccessRequestNotification[];
  wanted: (userId: string) => boolean;
}): { userId: string; update: RealtimeTableChanged }[] {
  const owners = new Set(notifications.map((n) => n.user_id));
  return [...owners].filter(wanted).map((userId) => ({ userId, update: changed }));
}
