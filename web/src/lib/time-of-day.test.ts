import { describe, expect, it } from "vitest";
import { fromTwelveHour, hourChoices, parseTimeOfDay, timeOfDayValue, toTwelveHour } from "./time-of-day";

describe("a time of day in the pickers", () => {
  it("reads and writes the schedule's HH:MM, and nothing else", () => {
    expect(parseTimeOfDay("09:05")).toEqual({ hour: 9, minute: 5 });
    expect(parseTimeOfDay("")).toBeNull();
    expect(parseTimeOfDay("24:00")).toBeNull();
    expect(timeOfDayValue({ hour: 0, minute: 7 })).toBe("00:07");
  });

  it("offers 00–23 on a 24-hour clock and 12, 1–11 on a 12-hour one", () => {
    expect(hourChoices(false).map((c) => c.label)).toEqual(
      Array.from({ length: 24 }, (_, h) => String(h).padStart(2, "0")),
    );
    expect(hourChoices(true).map((c) => c.label)).toEqual([
      "12",
      "1",
      "2",
      "3",
      "4",
      "5",
      "6",
      "7",
      "8",
      "9",
      "10",
      "11",
    ]);
  });

  it("turns 12-hour choices into 24-hour hours and back, midnight and noon included", () => {
    expect(toTwelveHour(0)).toEqual({ hour: 12, period: "AM" });
    expect(toTwelveHour(12)).toEqual({ hour: 12, period: "PM" });
    expect(toTwelveHour(14)).toEqual({ hour: 2, period: "PM" });
    expect(fromTwelveHour(12, "AM")).toBe(0);
    expect(fromTwelveHour(12, "PM")).toBe(12);
    expect(fromTwelveHour(2, "PM")).toBe(14);
    for (let hour = 0; hour < 24; hour++) {
      const { hour: h, period } = toTwelveHour(hour);
      expect(fromTwelveHour(h, period)).toBe(hour);
    }
  });
});
