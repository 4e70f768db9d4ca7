import { describe, expect, it } from "vitest";
import type { LocationOutcome } from "./location-outcome";
import { sentLocation, serverLocationOf, takenBefore, type ServerLocation } from "./sent-location";

const stored: LocationOutcome = { included: true, place: "Camden Town", locatedAt: "2026-03-10T14:00:01.000Z" };
const blocked: LocationOutcome = { included: false, reason: "denied" };
const server = (extra: Partial<ServerLocation> = {}): ServerLocation => ({
  included: true,
  locatedAt: "2026-03-10T14:00:01.000Z",
  place: "Camden Town",
  triggeredAt: "2026-03-10T14:00:03.000Z",
  ...extra,
});

describe("what the owner is told about their position", () => {
  it("is this press's own position when the server sent the one the browser stored", () => {
    expect(sentLocation(stored, server())).toEqual({
      included: true,
      place: "Camden Town",
      earlier: false,
      earlierMs: null,
      notNow: null,
    });
  });

  it("is 'not included' when the server did not send the stored one", () => {
    expect(sentLocation(stored, server({ included: false, locatedAt: null }))).toEqual({
      included: false,
      reason: "not-saved",
    });
  });

  it("is the earlier position, its age and why none was found now, when the server sent one the browser could not replace", () => {
    const earlier = server({ locatedAt: "2026-03-10T13:59:00.000Z", triggeredAt: "2026-03-10T14:00:04.000Z" });
    const told = sentLocation(blocked, earlier);
    expect(told).toEqual({ included: true, place: "Camden Town", earlier: true, earlierMs: 64_000, notNow: "denied" });
    expect(told.included && takenBefore(told)).toBe("64 seconds before");
  });

  it("is an earlier position, without a reason, when the server sent another capture than this press's", () => {
    const other = server({ locatedAt: "2026-03-10T13:58:30.000Z", triggeredAt: "2026-03-10T14:00:30.000Z" });
    expect(sentLocation(stored, other)).toMatchObject({
      included: true,
      earlier: true,
      earlierMs: 120_000,
      notNow: null,
    });
  });

  it("keeps the browser's reason when neither found a position", () => {
    expect(sentLocation(blocked, server({ included: false, locatedAt: null }))).toEqual(blocked);
  });

  it("says 'at most 2 minutes' when the server did not say how old the position was", () => {
    const told = sentLocation(blocked, server({ locatedAt: null, triggeredAt: null }));
    expect(told).toMatchObject({ included: true, earlier: true, earlierMs: null });
    expect(told.included && takenBefore(told)).toBe("at most 2 minutes before");
  });

  it("falls back on the browser's own outcome when the answer does not say", () => {
    expect(serverLocationOf({ success: true, error: null, duplicate: true })).toBeNull();
    expect(sentLocation(stored, null)).toMatchObject({ included: true, earlier: false });
    expect(sentLocation(blocked, null)).toEqual(blocked);
  });
});
