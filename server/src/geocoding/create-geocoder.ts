import type { Config } from "../config.ts";
import { describePlace } from "./describe-place.ts";
import { mapboxPlaceName } from "./mapbox-place-name.ts";
import { nearestTown } from "./nearest-town.ts";

export interface ReverseGeocoder {
  /** A name for the point; never throws: null only if even the offline index cannot be loaded. */
  placeName(latitude: number, longitude: number): Promise<{ name: string | null; source: "mapbox" | "offline" }>;
}

/** Short: the person is waiting to send an emergency; a slow Mapbox must not hold it up. */
export const MAPBOX_TIMEOUT_MS = 1500;

/**
 * Mapbox when MAPBOX_TOKEN is set, falling back to the offline nearest-town lookup on any failure
 * or when Mapbox knows no place there; offline only otherwise (docs/decisions/008).
 */
export function createGeocoder({
  config,
  log,
  timeoutMs = MAPBOX_TIMEOUT_MS,
}: {
  config: Pick<Config, "MAPBOX_TOKEN" | "MAPBOX_API_URL">;
  log: { warn(obj: object, msg: string): void };
  timeoutMs?: number;
}): ReverseGeocoder {
  const offline = (latitude: number, longitude: number) => {
    try {
      return { name: describePlace(nearestTown(latitude, longitude)), source: "offline" as const };
    } catch (err) {
      // The coordinates still go with an emergency; a missing name must not lose the position.
      log.warn({ err: err instanceof Error ? err.message : String(err) }, "offline place lookup failed");
      return { name: null, source: "offline" as const };
    }
  };
  return {
    async placeName(latitude, longitude) {
      const token = config.MAPBOX_TOKEN;
      if (!token) return offline(latitude, longitude);
      try {
        const name = await mapboxPlaceName({ apiUrl: config.MAPBOX_API_URL, token, latitude, longitude, timeoutMs });
        if (name) return { name, source: "mapbox" };
      } catch (err) {
        log.warn(
          { err: err instanceof Error ? err.message : String(err) },
          "Mapbox reverse geocoding failed; using the offline lookup",
        );
      }
      return offline(latitude, longitude);
    },
  };
}
