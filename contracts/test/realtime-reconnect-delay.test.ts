import { describe, expect, it } from "vitest";
import {
  REALTIME_MAX_RECONNECTS,
  REALTIME_RECONNECT_DELAY_MS,
  realtimeReconnectDelayMs,
} from "@trigger-switch/contracts";

describe("realtimeReconnectDelayMs", () => {
  it("keeps the spec's attempts: at most 3, 5 s apart, the first after a random part of 5 s", () => {
    expect([REALTIME_MAX_RECONNECTS, REALTIME_RECONNECT_DELAY_MS]).toEqual([3, 5000]);
    const spacing = { spacingMs: 5000 };
    expect(realtimeReconnectDelayMs(1, { ...spacing, random: () => 0 })).toBe(0);
    expect(realtimeReconnectDelayMs(1, { ...spacing, random: () => 0.5 })).toBe(2500);
    expect(realtimeReconnectDelayMs(1, { ...spacing, random: () => 0.9999 })).toBe(4999);
    for (const attempt of [2, 3]) expect(realtimeReconnectDelayMs(attempt, { ...spacing, random: () => 0 })).toBe(5000);
  });

  it("spreads clients dropped together over the whole first interval", () => {
    const delays = Array.from({ length: 10_000 }, () => realtimeReconnectDelayMs(1, { spacingMs: 5000 }));
    const buckets = [0, 0, 0, 0, 0];
    for (const d of delays) buckets[Math.floor(d / 1000)]! += 1;
    // Each second of the 5 s window gets about a fifth; none close to all of them.
    for (const count of buckets) expect(count).toBeGreaterThan(1500);
  });
});
