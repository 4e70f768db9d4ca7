import { EMERGENCY_LOCATION_MAX_AGE_MS } from "@trigger-switch/contracts";
import type { MessageCipher } from "../crypto/message-cipher.ts";
import type { messages } from "../db/schema.ts";

type MessageRow = typeof messages.$inferSelect;

export interface CapturedLocation {
  latitude: number;
  longitude: number;
  name: string | null;
  /** Metres, as the device reported it; null when unknown. */
  accuracyM: number | null;
  locatedAt: Date;
}

/**
 * The stale-location rule (docs/decisions/008): a device position counts as current for an
 * emergency pressed at `triggeredAt` when it was captured at most EMERGENCY_LOCATION_MAX_AGE_MS
 * before the press, or after it. A place typed by hand has no capture time and never counts.
 */
export function isCurrentPosition(locatedAt: Date | null, triggeredAt: Date): locatedAt is Date {
  return locatedAt !== null && locatedAt.getTime() >= triggeredAt.getTime() - EMERGENCY_LOCATION_MAX_AGE_MS;
}

/** The message's position if it is shared and current for this press, decrypted; otherwise null. */
export function currentLocationOf(
  cipher: MessageCipher,
  message: MessageRow,
  triggeredAt: Date,
): CapturedLocation | null {
  if (!message.shareLocation || !isCurrentPosition(message.locatedAt, triggeredAt)) return null;
  if (message.locationLatitude === null || message.locationLongitude === null) return null;
  const accuracy =
    message.locationAccuracy === null ? null : Number(cipher.openText("location_accuracy", message.locationAccuracy));
  return {
    latitude: Number(cipher.openText("location_latitude", message.locationLatitude)),
    longitude: Number(cipher.openText("location_longitude", message.locationLongitude)),
    name: message.locationName === null ? null : cipher.openText("location_name", message.locationName),
    accuracyM: accuracy !== null && Number.isFinite(accuracy) ? accuracy : null,
    locatedAt: message.locatedAt,
  };
}
