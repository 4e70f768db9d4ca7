import { isDue, nextDeadline, zonedWallTimeToInstant, type ConditionTiming } from "@trigger-switch/contracts";
import { describe, expect, it } from "vitest";

const at = (iso: string) => new Date(iso);
const ms = (d: Date | null) => d?.toISOString() ?? null;

const base: ConditionTiming = {
  condition_type: "no_check_in",
  active: true,
  is_armed: true,
  hours_threshold: 0,
  minutes_threshold: 0,
  recurring_pattern: null,
  deliver_at: null,
  last_checked: "2026-03-01T12:00:00.000Z",
  armed_at: "2026-03-01T12:00:00.000Z",
};

describe("no_check_in", () => {
  const c = { ...base, hours_threshold: 2, minutes_threshold: 30 };

  it("is due hours_threshold h + minutes_threshold m after the last check-in", () => {
    expect(ms(nextDeadline({ ...c, last_checked: "2026-03-01T15:00:00.000Z" }, at("2026-03-01T15:00:00Z")))).toBe(
      "2026-03-01T17:30:00.000Z",
    );
  });

  it("counts from arming when nobody has checked in since", () => {
    expect(ms(nextDeadline(c, at("2026-03-01T12:00:00Z")))).toBe("2026-03-01T14:30:00.000Z");
  });

  it("is not due 1 ms before the deadline, and is due at the deadline and 1 ms after", () => {
    const deadline = at("2026-03-01T14:30:00Z").getTime();
    expect(isDue(c, new Date(deadline - 1))).toBe(false);
    expect(isDue(c, new Date(deadline))).toBe(true);
    expect(isDue(c, new Date(deadline + 1))).toBe(true);
  });

  it("supports a five-minute threshold for personal safety", () => {
    expect(ms(nextDeadline({ ...base, minutes_threshold: 5 }, at("2026-03-01T12:00:00Z")))).toBe(
      "2026-03-01T12:05:00.000Z",
    );
  });

  it("never fires while disarmed or switched off", () => {
    expect(nextDeadline({ ...c, is_armed: false }, at("2026-03-09T00:00:00Z"))).toBeNull();
    expect(nextDeadline({ ...c, active: false }, at("2026-03-09T00:00:00Z"))).toBeNull();
    expect(isDue({ ...c, is_armed: false }, at("2026-03-09T00:00:00Z"))).toBe(false);
  });

  it("treats an unsaved condition (no timestamps) as armed now", () => {
    expect(ms(nextDeadline({ ...c, last_checked: null, armed_at: null }, at("2026-05-01T10:00:00Z")))).toBe(
      "2026-05-01T12:30:00.000Z",
    );
  });
});

describe("panic_trigger", () => {
  it("has no deadline: only the emergency button fires it", () => {
    expect(nextDeadline({ ...base, condition_type: "panic_trigger" }, at("2030-01-01T00:00:00Z"))).toBeNull();
  });
});

describe("inactivity_to_date", () => {
  const c: ConditionTiming = { ...base, condition_type: "inactivity_to_date", deliver_at: "2026-04-01T08:00:00.000Z" };

  it("goes out at the chosen instant when the owner has not checked in since arming", () => {
    expect(ms(nextDeadline(c, at("2026-03-10T00:00:00Z")))).toBe("2026-04-01T08:00:00.000Z");
    expect(isDue(c, at("2026-04-01T07:59:59.999Z"))).toBe(false);
    expect(isDue(c, at("2026-04-01T08:00:00.000Z"))).toBe(true);
  });

  it("is cancelled by any check-in after arming when no window is set", () => {
    expect(nextDeadline({ ...c, last_checked: "2026-03-01T12:00:00.001Z" }, at("2026-03-02T00:00:00Z"))).toBeNull();
  });

  it("with a window, only a check-in inside the window before deliver_at cancels it", () => {
    const windowed = { ...c, hours_threshold: 24 * 7 }; // the week before 1 April
    expect(
      ms(nextDeadline({ ...windowed, last_checked: "2026-03-25T07:59:59.999Z" }, at("2026-03-26T00:00:00Z"))),
    ).toBe("2026-04-01T08:00:00.000Z");
    expect(
      nextDeadline({ ...windowed, last_checked: "2026-03-25T08:00:00.000Z" }, at("2026-03-26T00:00:00Z")),
    ).toBeNull();
  });
});

describe("recurring_check_in, daily in London across the spring DST change (29 Mar 2026)", () => {
  const daily: ConditionTiming = {
    ...base,
    condition_type: "recurring_check_in",
    recurring_pattern: {
      kind: "every_n_days",
      every_days: 1,
      start_date: "2026-03-20",
      at: "09:00",
      grace_minutes: 60,
      time_zone: "Europe/London",
    },
    armed_at: "2026-03-27T15:00:00.000Z",
    last_checked: "2026-03-27T15:00:00.000Z",
  };

  it("after arming at 15:00, first wants tomorrow's 09:00 check-in, due by 10:00 GMT", () => {
    expect(ms(nextDeadline(daily, at("2026-03-27T15:00:00Z")))).toBe("2026-03-28T10:00:00.000Z");
  });

  it("after the change, 09:00 local is 08:00 UTC, so the deadline is 09:00 UTC", () => {
    // Checked in on the 28th at 09:30 GMT: that met the 28th, next is the 29th (first BST day).
    expect(ms(nextDeadline({ ...daily, last_checked: "2026-03-28T09:30:00.000Z" }, at("2026-03-28T09:30:00Z")))).toBe(
      "2026-03-29T09:00:00.000Z",
    );
  });

  it("counts a check-in 1 ms before a deadline for that occurrence, and one at the deadline for the next", () => {
    const deadline = "2026-03-29T09:00:00.000Z";
    expect(ms(nextDeadline({ ...daily, last_checked: "2026-03-29T08:59:59.999Z" }, at(deadline)))).toBe(
      "2026-03-30T09:00:00.000Z",
    );
    expect(ms(nextDeadline({ ...daily, last_checked: deadline }, at(deadline)))).toBe("2026-03-31T09:00:00.000Z");
    expect(ms(nextDeadline({ ...daily, last_checked: "2026-03-29T09:00:00.001Z" }, at(deadline)))).toBe(
      "2026-03-31T09:00:00.000Z",
    );
  });

  it("lets an evening check-in meet the next morning's occurrence (one check-in meets one occurrence)", () => {
    expect(ms(nextDeadline({ ...daily, last_checked: "2026-03-27T20:00:00.000Z" }, at("2026-03-27T20:00:00Z")))).toBe(
      "2026-03-29T09:00:00.000Z",
    );
  });

  it("is due from the deadline instant when the occurrence was missed", () => {
    expect(isDue(daily, at("2026-03-28T09:59:59.999Z"))).toBe(false);
    expect(isDue(daily, at("2026-03-28T10:00:00.000Z"))).toBe(true);
  });

  it("does not count an occurrence whose deadline is under 5 minutes after arming", () => {
    const armed = "2026-03-28T09:56:00.000Z"; // 4 minutes before the 10:00 deadline (and after 09:00)
    expect(ms(nextDeadline({ ...daily, armed_at: armed, last_checked: armed }, at(armed)))).toBe(
      "2026-03-29T09:00:00.000Z",
    );
    const early = "2026-03-28T08:55:00.000Z"; // before 09:00: today's occurrence counts
    expect(ms(nextDeadline({ ...daily, armed_at: early, last_checked: early }, at(early)))).toBe(
      "2026-03-28T10:00:00.000Z",
    );
  });
});

describe("recurring_check_in at a time that does not exist or happens twice", () => {
  const gap: ConditionTiming = {
    ...base,
    condition_type: "recurring_check_in",
    recurring_pattern: {
      kind: "every_n_days",
      every_days: 1,
      start_date: "2026-03-01",
      at: "01:30",
      grace_minutes: 0,
      time_zone: "Europe/London",
    },
    armed_at: "2026-03-28T12:00:00.000Z",
    last_checked: "2026-03-28T12:00:00.000Z",
  };

  it("moves 01:30 on the spring-forward night to the first valid instant, 02:00 BST (01:00 UTC)", () => {
    expect(ms(nextDeadline(gap, at("2026-03-28T12:00:00Z")))).toBe("2026-03-29T01:00:00.000Z");
    expect(zonedWallTimeToInstant({ year: 2026, month: 3, day: 29 }, 1, 30, "Europe/London")).toBe(
      Date.parse("2026-03-29T01:00:00Z"),
    );
  });

  it("takes the first of the two 01:30s on the fall-back night (BST, 00:30 UTC)", () => {
    const fold = { ...gap, armed_at: "2026-10-24T12:00:00.000Z", last_checked: "2026-10-24T12:00:00.000Z" };
    expect(ms(nextDeadline(fold, at("2026-10-24T12:00:00Z")))).toBe("2026-10-25T00:30:00.000Z");
    expect(zonedWallTimeToInstant({ year: 2026, month: 10, day: 25 }, 1, 30, "Europe/London")).toBe(
      Date.parse("2026-10-25T00:30:00Z"),
    );
  });

  it("handles New York's changes (8 Mar and 1 Nov 2026)", () => {
    expect(zonedWallTimeToInstant({ year: 2026, month: 3, day: 8 }, 2, 30, "America/New_York")).toBe(
      Date.parse("2026-03-08T07:00:00Z"),
    );
    expect(zonedWallTimeToInstant({ year: 2026, month: 11, day: 1 }, 1, 30, "America/New_York")).toBe(
      Date.parse("2026-11-01T05:30:00Z"),
    );
    expect(zonedWallTimeToInstant({ year: 2026, month: 11, day: 2 }, 1, 30, "America/New_York")).toBe(
      Date.parse("2026-11-02T06:30:00Z"),
    );
  });
});

describe("recurring_check_in on chosen weekdays", () => {
  const weekdays: ConditionTiming = {
    ...base,
    condition_type: "recurring_check_in",
    // Mon, Wed, Fri at 21:30 New York time, 30 minutes' grace.
    recurring_pattern: {
      kind: "weekdays",
      weekdays: [1, 3, 5],
      at: "21:30",
      grace_minutes: 30,
      time_zone: "America/New_York",
    },
    armed_at: "2026-10-30T12:00:00.000Z", // Friday 08:00 EDT
    last_checked: "2026-10-30T12:00:00.000Z",
  };

  it("wants Friday 21:30 EDT, then Monday 21:30 EST after the fall-back", () => {
    expect(ms(nextDeadline(weekdays, at("2026-10-30T12:00:00Z")))).toBe("2026-10-31T02:00:00.000Z");
    const checkedIn = { ...weekdays, last_checked: "2026-10-31T01:45:00.000Z" }; // Fri 21:45 EDT, in the grace period
    expect(ms(nextDeadline(checkedIn, at("2026-10-31T01:45:00Z")))).toBe("2026-11-03T03:00:00.000Z");
  });
});

describe("recurring_check_in every N days", () => {
  it("keeps to the start date's rhythm", () => {
    const c: ConditionTiming = {
      ...base,
      condition_type: "recurring_check_in",
      recurring_pattern: {
        kind: "every_n_days",
        every_days: 3,
        start_date: "2026-03-01",
        at: "12:00",
        grace_minutes: 0,
        time_zone: "UTC",
      },
      armed_at: "2026-03-02T00:00:00.000Z",
      last_checked: "2026-03-02T00:00:00.000Z",
    };
    expect(ms(nextDeadline(c, at("2026-03-02T00:00:00Z")))).toBe("2026-03-04T12:00:00.000Z");
    expect(ms(nextDeadline({ ...c, last_checked: "2026-03-04T11:00:00.000Z" }, at("2026-03-04T11:00:00Z")))).toBe(
      "2026-03-07T12:00:00.000Z",
    );
  });
});
