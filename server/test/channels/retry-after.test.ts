import { describe, expect, it } from "vitest";
import { RETRY_AFTER_CAP_MS, retryAfterMs } from "../../src/channels/retry-after.ts";

describe("a provider's Retry-After", () => {
  const now = Date.parse("2026-11-29T10:00:00Z");

  it("reads delay-seconds", () => {
    expect(retryAfterMs("30", { now })).toBe(30_000);
    expect(retryAfterMs(" 0 ", { now })).toBe(0);
  });

  it("reads an HTTP-date against the answer's own Date, else against our clock", () => {
    const sent = "Sun, 29 Nov 2026 09:00:00 GMT";
    expect(retryAfterMs("Sun, 29 Nov 2026 09:01:00 GMT", { date: sent, now })).toBe(60_000);
    expect(retryAfterMs("Sun, 29 Nov 2026 10:00:20 GMT", { now })).toBe(20_000);
    expect(retryAfterMs("Sun, 29 Nov 2026 09:00:00 GMT", { now })).toBe(0);
  });

  it("is capped, and ignored when absent or unreadable", () => {
    expect(retryAfterMs("86400", { now })).toBe(RETRY_AFTER_CAP_MS);
    expect(retryAfterMs(null, { now })).toBeNull();
    expect(retryAfterMs("soon", { now })).toBeNull();
    expect(retryAfterMs("-5", { now })).toBeNull();
  });
});
