import { describeCondition, movedDeadline, type Condition } from "@trigger-switch/contracts";
import { describe, expect, it } from "vitest";

// A deadline the server moved (our outage, or the trusted contacts' window or hold) is the one every
// reader names and counts down, with the reason said (docs/decisions/005, 041).
const NOW = new Date("2026-03-01T15:00:00.000Z");
const condition = (changes: Partial<Condition>): Condition =>
  ({
    id: "c1",
    message_id: "m1",
    condition_type: "no_check_in",
    active: true,
    is_armed: true,
    hours_threshold: 2,
    minutes_threshold: 0,
    reminder_hours: [],
    recipients: [],
    recurring_pattern: null,
    panic_config: {},
    deliver_at: null,
    last_checked: "2026-03-01T12:00:00.000Z",
    armed_at: "2026-03-01T12:00:00.000Z",
    created_at: "2026-03-01T12:00:00.000Z",
    updated_at: "2026-03-01T12:00:00.000Z",
    unlock_delay_hours: 0,
    expiry_hours: 0,
    next_deadline: "2026-03-01T14:00:00.000Z",
    summary: "",
    ...changes,
  }) as Condition;

describe("movedDeadline", () => {
  it("is none when the server's deadline is the rules' own", () => {
    expect(movedDeadline(condition({}), NOW)).toBeUndefined();
  });

  it("is the server's later deadline, with who moved it (an outage when an older server does not say)", () => {
    const held = condition({ next_deadline: "2026-03-03T14:00:00.000Z", deadline_moved_by: "trusted_contacts" });
    expect(movedDeadline(held, NOW)).toEqual({
      deadline: new Date("2026-03-03T14:00:00.000Z"),
      shiftMs: 48 * 3_600_000,
      by: "trusted_contacts",
    });
    expect(movedDeadline(condition({ next_deadline: "2026-03-01T16:00:00.000Z" }), NOW)?.by).toBe("outage");
  });

  it("makes the sentence name the moved time and say why", () => {
    const held = condition({ next_deadline: "2026-03-03T14:00:00.000Z", deadline_moved_by: "trusted_contacts" });
    expect(describeCondition(held, NOW, "UTC", movedDeadline(held, NOW))).toBe(
      "Goes out Tue 3 Mar 14:00 unless you check in. Each check-in gives you another 2 hours. (Moved because your trusted contacts were asked.)",
    );
    const outage = condition({ next_deadline: "2026-03-01T16:00:00.000Z", deadline_moved_by: "outage" });
    expect(describeCondition(outage, NOW, "UTC", movedDeadline(outage, NOW))).toContain(
      "(Moved by 2 hours because our service was down.)",
    );
  });
});
