import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { claimDueWork } from "../../src/engine/claim-due-work.ts";
import { HOUR, MINUTE, travel } from "../support/engine.ts";
import type { TestApp } from "../support/test-app.ts";
import { engineAppWithSink, ownerWithMessage } from "../support/fixtures.ts";

let t: TestApp;

beforeAll(async () => {
  ({ t } = await engineAppWithSink());
});
afterAll(() => t.close());

describe("the claim of due rows", () => {
  it("takes an emergency before a reminder due earlier, and a lapsed claim at its own priority", async () => {
    // Reminders 120 minutes before the deadline are normal, 30 minutes before are high; a release is critical.
    const a = await ownerWithMessage(t, {
      condition_type: "no_check_in",
      hours_threshold: 4,
      reminder_hours: [120, 30],
    });
    const b = await ownerWithMessage(t, {
      condition_type: "no_check_in",
      hours_threshold: 5,
      reminder_hours: [120, 30],
    });
    await travel(t, 5 * HOUR);
    const name = new Map([
      [a.conditionId, "A"],
      [b.conditionId, "B"],
    ]);
    const claim = async (workerId: string, limit: number) =>
      (await claimDueWork({ db: t.database.db, clock: t.clock, workerId, limit, leaseMs: 5 * MINUTE }))
        .map((r) => `${name.get(r.conditionId)} ${r.deliveryPriority}`)
        .sort();

    // All six rows are due: A's at 2 h, 3.5 h and 4 h, B's at 3 h, 4.5 h and 5 h.
    expect(await claim("crashed", 1)).toEqual(["A critical"]);
    expect(await claim("other", 1)).toEqual(["B critical"]);
    await travel(t, 5 * MINUTE);
    // Both leases lapsed; the critical rows come back before the high ones.
    expect(await claim("w", 2)).toEqual(["A critical", "B critical"]);
    // Then high before normal, and within a priority the row due first.
    expect(await claim("w", 3)).toEqual(["A high", "A normal", "B high"]);
    expect(await claim("w", 3)).toEqual(["B normal"]);
    expect(await claim("w", 3)).toEqual([]);
  });
});
