import type { ApiClient } from "@/lib/api-client";
import { getCurrentPosition } from "../utils/get-current-position";
import type { LocationOutcome } from "../utils/location-outcome";
import { setMessageLocation } from "./set-message-location";

/** The API's upper bound for accuracy; a wilder figure is left out rather than refused. */
const MAX_ACCURACY_M = 1_000_000;

/**
 * Finds the browser's position and stores it with the message before the alert goes out. Never
 * throws: without a position, or when storing it fails, the alert still goes (spec §5) and the
 * outcome says why the location is missing so the person can be told.
 */
export async function shareLocation(
  api: ApiClient,
  messageId: string,
  geolocation?: Geolocation,
): Promise<LocationOutcome> {
  const position = await getCurrentPosition(geolocation);
  if (!position.ok) return { included: false, reason: position.reason };
  const { latitude, longitude, accuracy } = position.coords;
  const withAccuracy = Number.isFinite(accuracy) && accuracy >= 0 && accuracy <= MAX_ACCURACY_M;
  try {
    const saved = await setMessageLocation(api, messageId, {
      latitude,
      longitude,
      ...(withAccuracy ? { accuracy } : {}),
    });
    return { included: true, place: saved.location_name, locatedAt: saved.located_at };
  } catch (error) {
    console.error("Could not store the position with the emergency message", error);
    return { included: false, reason: "not-saved" };
  }
}
