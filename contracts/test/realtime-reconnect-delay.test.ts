import { describe, expect, it } from "vitest";
import { realtimeReconnectDelayMs } from "@trigger-switch/contracts";

describe("realtimeReconnectDelayMs", () => {
  it("draws uniformly between 0 and a ceiling that doubles per attempt", () => {
    const base = { baseMs: 5000, maxMs: 60_000 };
    expect([1, 2, 3, 4].map((a) => realtimeReconnectDelayMs(a, { ...base, random: () => 0.5 }))).toEqual([
      2500, 5000, 10_000, 20_000,
    ]);
    expect(realtimeReconnectDelayMs(3, { ...base, random: () => 0 })).toBe(0);
    expect(realtimeReconnectDelayMs(3, { ...base, random: () => 0.9999 })).toBe(19_998);
  });

  it("caps the ceiling however many attempts failed", () => {
    for (const attempt of [5, 8, 40, 2000])
      expect(realtimeReconnectDelayMs(attempt, { baseMs: 5000, maxMs: 60_000, random: () => 0.9999 })).toBe(59_994);
  });

  it("spreads clients dropped together over the whole window", () => {
    const delays = Array.from({ length: 10_000 }, () => realtimeReconnectDelayMs(1, { baseMs: 5000 }));
    const buckets = [0, 0, 0, 0, 0];
    for (const d of delays) buckets[Math.floor(d / 1000)]! += 1;
    // Each second of the 5 s window gets about a fifth; none close to all of them.
    for (const count of buckets) expect(count).toBeGreaterThan(1500);
  });
});
