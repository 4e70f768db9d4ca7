import { describe, expect, it } from "vitest";
import { cancelledByCheckIn, canFire, messageReadiness } from "@trigger-switch/contracts";

const grace = { name: "Grace", email: "grace@example.com", phone: null, channels: ["email" as const] };
const base = { active: true, is_armed: true, next_deadline: "2026-03-10T14:00:00.000Z" };

describe("whether the engine can still fire a condition", () => {
  it("is true for an armed, active condition with a deadline, and for the emergency button", () => {
    expect(canFire({ ...base, condition_type: "no_check_in" })).toBe(true);
    expect(canFire({ ...base, condition_type: "panic_trigger", next_deadline: null })).toBe(true);
  });

  it("is false once fired, when disarmed, and for a delivery date a check-in cancelled", () => {
    expect(canFire({ ...base, condition_type: "no_check_in", active: false })).toBe(false);
    expect(canFire({ ...base, condition_type: "no_check_in", is_armed: false })).toBe(false);
    const cancelled = { ...base, condition_type: "inactivity_to_date" as const, next_deadline: null };
    expect(canFire(cancelled)).toBe(false);
    expect(cancelledByCheckIn(cancelled)).toBe(true);
  });

  it("does not call a message whose only date was cancelled by a check-in ready", () => {
    const readiness = messageReadiness({
      recipients: [grace],
      conditions: [{ ...base, condition_type: "inactivity_to_date", next_deadline: null }],
      delivered: ["email"],
    });
    expect(readiness.ready).toBe(false);
    expect(readiness.problems[0]).toMatch(/^Your check-in cancelled this message's delivery date/);
  });
});
