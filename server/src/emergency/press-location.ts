import type { MessageCipher } from "../crypto/message-cipher.ts";
import type { emergencyTriggers, messages } from "../db/schema.ts";
import { currentLocationOf, type CapturedLocation } from "./current-location.ts";

type TriggerRow = typeof emergencyTriggers.$inferSelect;
type MessageRow = typeof messages.$inferSelect;

/** The AAD field of a press's copy: bound to the trigger row, so it opens nowhere else. */
const field = (triggerId: string, name: string) => `emergency:${triggerId}:${name}`;

/**
 * The position that goes with a press, sealed for its emergency_triggers row: the message's
 * position if current at the press (the stale-location rule), else nulls. Copied because the next
 * press overwrites the message's position, and this alert must keep showing the one it carried.
 */
export function sealPressLocation(
  cipher: MessageCipher,
  triggerId: string,
  location: CapturedLocation | null,
): Pick<
  TriggerRow,
  "locationLocatedAt" | "locationLatitude" | "locationLongitude" | "locationName" | "locationAccuracy"
> {
  if (!location)
    return {
      locationLocatedAt: null,
      locationLatitude: null,
      locationLongitude: null,
      locationName: null,
      locationAccuracy: null,
    };
  return {
    locationLocatedAt: location.locatedAt,
    locationLatitude: cipher.sealText(field(triggerId, "latitude"), String(location.latitude)),
    locationLongitude: cipher.sealText(field(triggerId, "longitude"), String(location.longitude)),
    locationName: location.name === null ? null : cipher.sealText(field(triggerId, "name"), location.name),
    locationAccuracy:
      location.accuracyM === null ? null : cipher.sealText(field(triggerId, "accuracy"), String(location.accuracyM)),
  };
}

/**
 * The position that went with this press, or null when none did. A row written before the
 * position was copied (migration 0017) has only its capture time: the message's position stands
 * in for it while it is still that capture, never a later one.
 */
export function pressLocationOf(
  cipher: MessageCipher,
  trigger: TriggerRow,
  message: MessageRow | null,
): CapturedLocation | null {
  const locatedAt = trigger.locationLocatedAt;
  if (!locatedAt) return null;
  if (trigger.locationLatitude === null || trigger.locationLongitude === null) {
    const legacy = message ? currentLocationOf(cipher, message, trigger.triggeredAt) : null;
    return legacy && legacy.locatedAt.getTime() === locatedAt.getTime() ? legacy : null;
  }
  const accuracy =
    trigger.locationAccuracy === null
      ? null
      : Number(cipher.openText(field(trigger.id, "accuracy"), trigger.locationAccuracy));
  return {
    latitude: Number(cipher.openText(field(trigger.id, "latitude"), trigger.locationLatitude)),
    longitude: Number(cipher.openText(field(trigger.id, "longitude"), trigger.locationLongitude)),
    name: trigger.locationName === null ? null : cipher.openText(field(trigger.id, "name"), trigger.locationName),
    accuracyM: accuracy !== null && Number.isFinite(accuracy) ? accuracy : null,
    locatedAt,
  };
}
