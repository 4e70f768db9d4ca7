import { GEOLOCATION_TIMEOUT_MS } from "@trigger-switch/contracts";
import type { LocationFailure } from "./location-outcome";

export type PositionResult =
  | { ok: true; coords: GeolocationCoordinates }
  | { ok: false; reason: Exclude<LocationFailure, "not-saved" | "first-alert" | "unknown"> };

/**
 * The browser's position, as spec §7 asks: high accuracy, 10 s timeout, no cached position.
 *
 * It never rejects and never waits longer than the timeout: browsers start the `timeout` option
 * only once the permission prompt is answered, so someone who does not answer the prompt would
 * otherwise hold their own emergency message back for ever. After the limit the message goes
 * without a position (spec §5).
 */
export function getCurrentPosition(
  geolocation: Geolocation | undefined = globalThis.navigator?.geolocation,
): Promise<PositionResult> {
  if (!geolocation) return Promise.resolve({ ok: false, reason: "unsupported" });
  return new Promise((resolve) => {
    let settled = false;
    const settle = (result: PositionResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(guard);
      resolve(result);
    };
    const guard = setTimeout(() => settle({ ok: false, reason: "timeout" }), GEOLOCATION_TIMEOUT_MS);
    try {
      geolocation.getCurrentPosition(
        (position) => settle({ ok: true, coords: position.coords }),
        (error) =>
          settle({ ok: false, reason: error.code === 1 ? "denied" : error.code === 3 ? "timeout" : "unavailable" }),
        { enableHighAccuracy: true, timeout: GEOLOCATION_TIMEOUT_MS, maximumAge: 0 },
      );
    } catch {
      // Some embedded browsers throw instead of calling back (e.g. a blocked permissions policy).
      settle({ ok: false, reason: "unavailable" });
    }
  });
}
