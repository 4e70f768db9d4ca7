import {
  conditionCreateSchema,
  describeCondition,
  recipientCreateSchema,
  type ConditionTiming,
} from "@trigger-switch/contracts";
import { describe, expect, it } from "vitest";

/** The { field: message } a create body fails with, or {} when it passes. */
function problems(body: unknown): Record<string, string> {
  const result = conditionCreateSchema.safeParse(body);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((i) => [i.path.join("."), i.message]));
}

describe("condition validation", () => {
  it("accepts a five-minute no_check_in and refuses four minutes", () => {
    expect(problems({ condition_type: "no_check_in", minutes_threshold: 5 })).toEqual({});
    expect(problems({ condition_type: "no_check_in", minutes_threshold: 4 }).hours_threshold).toMatch(
      /at least 5 minutes/,
    );
  });

  it("refuses more than 365 days", () => {
    expect(
      problems({ condition_type: "no_check_in", hours_threshold: 8760, minutes_threshold: 1 }).hours_threshold,
    ).toMatch(/365 days/);
    expect(problems({ condition_type: "no_check_in", hours_threshold: 8760 })).toEqual({});
  });

  it("reads reminder_hours as minutes and wants each below the threshold", () => {
    expect(problems({ condition_type: "no_check_in", hours_threshold: 1, reminder_hours: [59, 30] })).toEqual({});
    expect(problems({ condition_type: "no_check_in", hours_threshold: 1, reminder_hours: [60] }).reminder_hours).toBe(
      "A reminder must come before the deadline: choose less than 1 hour before it.",
    );
  });

  it("refuses duplicate, fractional, zero and too many reminders", () => {
    expect(
      problems({ condition_type: "no_check_in", hours_threshold: 24, reminder_hours: [30, 30] }).reminder_hours,
    ).toMatch(/once/);
    expect(
      Object.keys(problems({ condition_type: "no_check_in", hours_threshold: 24, reminder_hours: [1.5] })),
    ).toEqual(["reminder_hours.0"]);
    expect(
      problems({ condition_type: "no_check_in", hours_threshold: 24, reminder_hours: [0] })["reminder_hours.0"],
    ).toMatch(/at least 1 minute/);
    expect(
      problems({ condition_type: "no_check_in", hours_threshold: 24, reminder_hours: [1, 2, 3, 4, 5, 6] })
        .reminder_hours,
    ).toMatch(/At most 5/);
  });

  it("bounds a recurring schedule's reminders by the shortest gap between occurrences", () => {
    const pattern = { kind: "weekdays", weekdays: [1, 2], at: "09:00", time_zone: "Europe/London" };
    expect(
      problems({ condition_type: "recurring_check_in", recurring_pattern: pattern, reminder_hours: [1439] }),
    ).toEqual({});
    expect(
      problems({ condition_type: "recurring_check_in", recurring_pattern: pattern, reminder_hours: [1440] })
        .reminder_hours,
    ).toMatch(/less than 1 day before it/);
  });

  it("wants the fields each type uses and refuses the ones it does not", () => {
    expect(problems({ condition_type: "recurring_check_in" }).recurring_pattern).toMatch(/schedule/);
    expect(problems({ condition_type: "inactivity_to_date" }).deliver_at).toMatch(/date and time/);
    expect(problems({ condition_type: "panic_trigger", hours_threshold: 2 }).hours_threshold).toMatch(
      /do not use a time without check-in/,
    );
    expect(problems({ condition_type: "panic_trigger", reminder_hours: [5] }).reminder_hours).toMatch(/no reminders/);
    expect(
      problems({ condition_type: "no_check_in", hours_threshold: 1, panic_config: { keep_armed: false } })[
        "panic_config.keep_armed"
      ],
    ).toMatch(/emergency button conditions only/);
    expect(
      problems({ condition_type: "panic_trigger", panic_config: { keep_armed: false, unlock_delay_hours: 2 } }),
    ).toEqual({});
    expect(problems({ condition_type: "sometimes" }).condition_type).toMatch(/one of no_check_in/);
  });

  it("checks the schedule: zone, time of day, weekdays", () => {
    const p = (pattern: object) =>
      problems({
        condition_type: "recurring_check_in",
        recurring_pattern: { kind: "weekdays", weekdays: [1], at: "09:00", time_zone: "UTC", ...pattern },
      });
    expect(p({ time_zone: "Mars/Olympus" })["recurring_pattern.time_zone"]).toMatch(/IANA/);
    expect(p({ at: "24:00" })["recurring_pattern.at"]).toMatch(/24-hour/);
    expect(p({ weekdays: [] })["recurring_pattern.weekdays"]).toMatch(/at least one/);
    expect(p({ weekdays: [8] })["recurring_pattern.weekdays.0"]).toMatch(/1 \(Monday\)/);
    expect(p({ grace_minutes: 721 })["recurring_pattern.grace_minutes"]).toMatch(/12 hours/);
  });

  it("allows an inactivity_to_date window of 0 (any check-in) or at least 5 minutes", () => {
    const d = { condition_type: "inactivity_to_date", deliver_at: "2027-01-01T09:00:00+01:00" };
    expect(problems(d)).toEqual({});
    expect(problems({ ...d, minutes_threshold: 3 }).hours_threshold).toMatch(/at least 5 minutes, or 0/);
    expect(problems({ ...d, deliver_at: "tomorrow" }).deliver_at).toMatch(/date and time such as/);
  });
});

describe("recipient validation", () => {
  const fails = (body: unknown) => {
    const r = recipientCreateSchema.safeParse(body);
    return r.success ? {} : Object.fromEntries(r.error.issues.map((i) => [i.path.join("."), i.message]));
  };

  it("needs a name and a way to reach them", () => {
    expect(fails({ name: " " }).name).toMatch(/name/);
    expect(fails({ name: "Ann" }).email).toMatch(/e-mail address or a phone number/);
    expect(recipientCreateSchema.parse({ name: "Ann", phone: "+44 7700 900123" })).toMatchObject({
      phone: "+447700900123",
      email: null,
    });
  });

  it("wants each chosen channel's address", () => {
    expect(fails({ name: "Ann", email: "ann@example.com", channels: ["whatsapp"] }).phone).toMatch(/phone number/);
    expect(fails({ name: "Ann", phone: "+447700900123", channels: ["email"] }).email).toMatch(/e-mail/);
    expect(fails({ name: "Ann", email: "ann@example.com", channels: ["email", "email"] }).channels).toMatch(/once/);
    expect(fails({ name: "Ann", email: "not-an-address" }).email).toMatch(/valid e-mail/);
  });
});

describe("describeCondition", () => {
  const now = new Date("2026-03-03T10:00:00Z"); // a Tuesday
  const c: ConditionTiming = {
    condition_type: "no_check_in",
    active: true,
    is_armed: true,
    hours_threshold: 4,
    minutes_threshold: 0,
    recurring_pattern: null,
    deliver_at: null,
    last_checked: "2026-03-03T10:00:00Z",
    armed_at: "2026-03-03T10:00:00Z",
  };

  it("says when a no_check_in goes out, in the owner's zone", () => {
    expect(describeCondition(c, now, "Europe/London")).toBe(
      "Goes out Tue 14:00 unless you check in. Each check-in gives you another 4 hours.",
    );
    expect(describeCondition(c, now, "America/New_York")).toBe(
      "Goes out Tue 09:00 unless you check in. Each check-in gives you another 4 hours.",
    );
  });

  it("describes a schedule and its next deadline", () => {
    const recurring: ConditionTiming = {
      ...c,
      condition_type: "recurring_check_in",
      hours_threshold: 0,
      recurring_pattern: {
        kind: "weekdays",
        weekdays: [1, 3, 5],
        at: "21:30",
        grace_minutes: 30,
        time_zone: "Europe/London",
      },
    };
    expect(describeCondition(recurring, now, "Europe/London")).toBe(
      "Check in every Mon, Wed and Fri at 21:30, 30 minutes grace. Next: by Wed 22:00, or it goes out.",
    );
  });

  it("names far dates in full and explains the check-in window", () => {
    const dated: ConditionTiming = {
      ...c,
      condition_type: "inactivity_to_date",
      hours_threshold: 48,
      deliver_at: "2027-01-01T09:00:00Z",
    };
    expect(describeCondition(dated, now, "UTC")).toBe(
      "Goes out Fri 1 Jan 2027 09:00 unless you check in between Wed 30 Dec 09:00 and then.",
    );
  });

  it("says plainly when nothing will send it", () => {
    expect(describeCondition({ ...c, is_armed: false }, now, "UTC")).toMatch(/^Disarmed/);
    expect(
      describeCondition(
        { ...c, condition_type: "panic_trigger", hours_threshold: 0, panic_config: { keep_armed: false } },
        now,
        "UTC",
      ),
    ).toBe("Goes out only when you press the Emergency button; it switches off after one use.");
    expect(describeCondition(c, new Date("2026-03-03T15:00:00Z"), "UTC")).toBe(
      "Due since Tue 14:00: it goes out now unless you check in.",
    );
  });
});
