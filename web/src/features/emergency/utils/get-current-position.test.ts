import { afterEach, describe, expect, it, vi } from "vitest";
import { installFakeGeolocation } from "@/testing/fake-geolocation";
import { getCurrentPosition } from "./get-current-position";

afterEach(() => {
  vi.useRealTimers();
  Reflect.deleteProperty(navigator, "geolocation");
});

describe("finding the position for an emergency message", () => {
  it("asks for a fresh, high-accuracy position with a 10 s timeout", async () => {
    const { getCurrentPosition: asked } = installFakeGeolocation({ latitude: 1, longitude: 2 });
    await expect(getCurrentPosition()).resolves.toMatchObject({ ok: true, coords: { latitude: 1, longitude: 2 } });
    expect(asked.mock.calls[0]![2]).toEqual({ enableHighAccuracy: true, timeout: 10_000, maximumAge: 0 });
  });

  it.each([
    [1, "denied"],
    [2, "unavailable"],
    [3, "timeout"],
  ] as const)("reads error code %i as %s", async (code, reason) => {
    installFakeGeolocation(code);
    await expect(getCurrentPosition()).resolves.toEqual({ ok: false, reason });
  });

  it("says unsupported when the browser has no geolocation", async () => {
    await expect(getCurrentPosition(undefined)).resolves.toEqual({ ok: false, reason: "unsupported" });
  });

  it("gives up after 10 s when the permission prompt is never answered", async () => {
    vi.useFakeTimers();
    installFakeGeolocation("never");
    const result = getCurrentPosition();
    await vi.advanceTimersByTimeAsync(9_999);
    let settled = false;
    void result.then(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await expect(result).resolves.toEqual({ ok: false, reason: "timeout" });
  });
});
