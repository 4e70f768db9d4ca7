import { describe, expect, it } from "vitest";
import {
  describeCondition,
  formatDateTime,
  formatInstant,
  formatMailWhen,
  formatTimeOfDay,
  formatUtcMoment,
  uses12HourClock,
  wallParts,
} from "@trigger-switch/contracts";

const at = new Date("2026-03-10T14:05:00Z");
const now = new Date("2026-03-09T08:00:00Z");

describe("the one date and time format", () => {
  it("takes the hour cycle from the reader's locale", () => {
    expect(uses12HourClock("en-US")).toBe(true);
    expect(uses12HourClock("en-GB")).toBe(false);
    expect(uses12HourClock("de-DE")).toBe(false);
    expect(uses12HourClock("not a locale")).toBe(false);
  });

  it("writes full dates and near instants on that clock, in the owner's zone", () => {
    expect(formatDateTime(at, { timeZone: "Europe/London" })).toBe("Tue 10 Mar 2026, 14:05");
    expect(formatDateTime(at, { timeZone: "Europe/London", locale: "en-US" })).toBe("Tue 10 Mar 2026, 2:05 PM");
    expect(formatInstant(at, now, { timeZone: "America/New_York", locale: "en-US" })).toBe("Tue 10:05 AM");
    expect(formatInstant(new Date("2026-04-01T00:30:00Z"), now, { timeZone: "UTC", locale: "en-US" })).toBe(
      "Wed 1 Apr 12:30 AM",
    );
    expect(formatTimeOfDay("09:00", "en-US")).toBe("9:00 AM");
    expect(formatTimeOfDay("00:15", "en-US")).toBe("12:15 AM");
    expect(formatTimeOfDay("09:00", "en-GB")).toBe("09:00");
  });

  it("names the date of an instant more than a day away, so a weekday cannot be read as the wrong week", () => {
    const sunday = new Date("2026-03-01T12:00:00Z");
    const zone = { timeZone: "Europe/Berlin", locale: "en-US" };
    expect(formatInstant(new Date("2026-03-01T17:30:00Z"), sunday, zone)).toBe("Sun 6:30 PM");
    expect(formatInstant(new Date("2026-03-02T17:30:00Z"), sunday, zone)).toBe("Mon 6:30 PM");
    expect(formatInstant(new Date("2026-03-03T17:30:00Z"), sunday, zone)).toBe("Tue 3 Mar 6:30 PM");
    expect(formatInstant(new Date("2026-03-07T17:30:00Z"), sunday, zone)).toBe("Sat 7 Mar 6:30 PM");
  });

  it("words a recurring check-in on the same clock as its deadline", () => {
    const condition = {
      condition_type: "recurring_check_in" as const,
      active: true,
      is_armed: true,
      hours_threshold: 0,
      minutes_threshold: 0,
      recurring_pattern: {
        kind: "every_n_days" as const,
        time_zone: "UTC",
        every_days: 1,
        start_date: "2026-03-01",
        at: "21:30",
        grace_minutes: 30,
      },
      deliver_at: null,
      last_checked: now,
      armed_at: now,
    };
    expect(describeCondition(condition, now, "UTC")).toBe(
      "Check in every day at 21:30, 30 minutes grace. Next: by Mon 22:00, or it goes out.",
    );
    expect(describeCondition(condition, now, "UTC", undefined, "en-US")).toBe(
      "Check in every day at 9:30 PM, 30 minutes grace. Next: by Mon 10:00 PM, or it goes out.",
    );
  });

  it("writes a mail's instants with the zone named, 24-hour, and an emergency's moment in UTC to the second", () => {
    expect(formatMailWhen(at, "UTC")).toBe("Tue 10 Mar, 14:05 (UTC)");
    expect(formatMailWhen(at, "America/New_York")).toBe("Tue 10 Mar, 10:05 (America/New_York time)");
    expect(formatUtcMoment(new Date("2026-03-01T14:03:12Z"))).toBe("Sunday 1 March 2026 at 14:03:12 UTC");
  });

  it("gives the same wall parts from its memo as from the formatter, across zones, DST changes and old dates", () => {
    const fresh = (date: Date, timeZone: string) => {
      const p = Object.fromEntries(
        new Intl.DateTimeFormat("en-GB", {
          timeZone,
          weekday: "short",
          day: "numeric",
          month: "short",
          year: "numeric",
          hour: "2-digit",
          minute: "2-digit",
          hourCycle: "h23",
        })
          .formatToParts(date)
          .map((x) => [x.type, x.value]),
      );
      return {
        weekday: p.weekday,
        day: p.day,
        month: p.month,
        year: p.year,
        hour: Number(p.hour),
        minute: Number(p.minute),
      };
    };
    const zones = ["UTC", "Europe/London", "America/New_York", "Asia/Kolkata", "Australia/Lord_Howe", "Asia/Kathmandu"];
    // Around London's and New York's spring-forward in 2026, second by second at the minute's edges,
    // then an instant before 1980 (Amsterdam's offset had seconds then).
    const start = Date.UTC(2026, 2, 8, 6, 58, 0);
    for (const timeZone of zones)
      for (let ms = start; ms < start + 4 * 60_000; ms += 15_000)
        for (const edge of [0, 1, 59_999 % 15_000]) {
          const date = new Date(ms + edge);
          expect(wallParts(date, timeZone)).toEqual(fresh(date, timeZone));
          expect(wallParts(date, timeZone)).toEqual(fresh(date, timeZone)); // the second read comes from the memo
        }
    const old = new Date(Date.UTC(1930, 5, 1, 12, 0, 30));
    expect(wallParts(old, "Europe/Amsterdam")).toEqual(fresh(old, "Europe/Amsterdam"));
  });
});
