import { DELIVER_AT_MIN_LEAD_MINUTES, deliverAtTooSoon, reminderFits } from "@trigger-switch/contracts";
import { describe, expect, it } from "vitest";

const now = new Date("2026-03-10T12:00:00.000Z");
const ahead = (minutes: number) => new Date(now.getTime() + minutes * 60_000);

describe("how far ahead a delivery date must lie", () => {
  it("is too soon just under the lead time and fine exactly at it", () => {
    expect(deliverAtTooSoon(new Date(ahead(DELIVER_AT_MIN_LEAD_MINUTES).getTime() - 1), now)).toBe(true);
    expect(deliverAtTooSoon(ahead(DELIVER_AT_MIN_LEAD_MINUTES), now)).toBe(false);
    expect(deliverAtTooSoon(ahead(DELIVER_AT_MIN_LEAD_MINUTES).toISOString(), now)).toBe(false);
  });

  it("calls a passed date too soon", () => {
    expect(deliverAtTooSoon(ahead(-1), now)).toBe(true);
  });
});

describe("whether a reminder fits before its deadline", () => {
  it("fits strictly inside the bound, never on it", () => {
    expect(reminderFits(59, 60)).toBe(true);
    expect(reminderFits(60, 60)).toBe(false);
  });
});
