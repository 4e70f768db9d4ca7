import { vi } from "vitest";

export type FakePosition = { latitude: number; longitude: number; accuracy?: number };

/**
 * navigator.geolocation (jsdom has none), answering each getCurrentPosition as told:
 * a position, a GeolocationPositionError code (1 denied, 2 unavailable, 3 timeout), or "never"
 * (a permission prompt nobody answers). Calls are recorded with their options.
 */
export function installFakeGeolocation(answer: FakePosition | 1 | 2 | 3 | "never") {
  const getCurrentPosition = vi.fn(
    (success: PositionCallback, failure?: PositionErrorCallback | null, options?: PositionOptions) => {
      void options;
      if (answer === "never") return;
      queueMicrotask(() => {
        if (typeof answer === "number") {
          failure?.({
            code: answer,
            message: "fake",
            PERMISSION_DENIED: 1,
            POSITION_UNAVAILABLE: 2,
            TIMEOUT: 3,
          } as GeolocationPositionError);
          return;
        }
        const coords = {
          latitude: answer.latitude,
          longitude: answer.longitude,
          accuracy: answer.accuracy ?? 12,
          altitude: null,
          altitudeAccuracy: null,
          heading: null,
          speed: null,
        };
        success({ coords, timestamp: Date.now() } as GeolocationPosition);
      });
    },
  );
  const geolocation = { getCurrentPosition, watchPosition: vi.fn(), clearWatch: vi.fn() } as unknown as Geolocation;
  Object.defineProperty(navigator, "geolocation", { value: geolocation, configurable: true });
  return { getCurrentPosition, uninstall: () => Reflect.deleteProperty(navigator, "geolocation") };
}
