import { canWithdraw } from "@trigger-switch/contracts";
import { describe, expect, it } from "vitest";

const now = new Date("2026-03-10T12:00:00.000Z");
const waiting = { opens_at: "2026-03-10T13:00:00.000Z", first_opened_at: null, cancelled_at: null };

describe("whether the owner may still withdraw a release", () => {
  it("is true before it opens, while no link was opened and it was not withdrawn", () => {
    expect(canWithdraw([waiting, waiting], now)).toBe(true);
  });

  it("is false from the instant it opens, the server's Dates and the web's strings alike", () => {
    expect(canWithdraw([{ ...waiting, opens_at: now }], now)).toBe(false);
    expect(canWithdraw([{ ...waiting, opens_at: now.toISOString() }], now)).toBe(false);
  });

  it("is false once withdrawn, once anyone opened a link, and for a release with no grants", () => {
    expect(canWithdraw([{ ...waiting, cancelled_at: now.toISOString() }], now)).toBe(false);
    expect(canWithdraw([waiting, { ...waiting, first_opened_at: now }], now)).toBe(false);
    expect(canWithdraw([], now)).toBe(false);
  });
});
