import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HOUR, mailsTo, scheduleOf, tick, travel } from "../support/engine.ts";
import type { SmtpSink } from "../support/smtp-sink.ts";
import type { TestApp } from "../support/test-app.ts";
import { engineAppWithSink, ownerWithMessage } from "../support/fixtures.ts";

let sink: SmtpSink;
let t: TestApp;

beforeAll(async () => {
  ({ t, sink } = await engineAppWithSink());
});
afterAll(() => t.close());

describe("several workers at once", () => {
  // On PostgreSQL (TEST_DATABASE_URL) the ticks run on separate pooled connections, truly in parallel.
  it("deliver each message to each recipient exactly once", async () => {
    const setups = [];
    for (let i = 0; i < 4; i++)
      setups.push(
        await ownerWithMessage(t, { condition_type: "no_check_in", hours_threshold: 1, reminder_hours: [30] }, 3),
      );
    await travel(t, 30 * 60_000);
    await Promise.all([tick(t, { workerId: "a" }), tick(t, { workerId: "b" }), tick(t, { workerId: "c" })]);
    await travel(t, 30 * 60_000);
    await Promise.all([tick(t, { workerId: "a" }), tick(t, { workerId: "b" }), tick(t, { workerId: "c" })]);
    await Promise.all([tick(t, { workerId: "a" }), tick(t, { workerId: "b" })]);
    for (const s of setups) {
      // The reminder and the notice of the release, each once.
      expect(mailsTo(sink, s.owner.email)).toHaveLength(2);
      for (const email of s.recipientEmails) expect(mailsTo(sink, email)).toHaveLength(1);
      const rows = await scheduleOf(t, s.conditionId);
      expect(rows.map((r) => r.status).sort()).toEqual(["sent", "sent"]);
    }
  });

  it("hand a row over to another worker only when its lease has run out", async () => {
    const s = await ownerWithMessage(t, { condition_type: "no_check_in", hours_threshold: 1 }, 1);
    await travel(t, HOUR);
    const { claimDueWork } = await import("../../src/engine/claim-due-work.ts");
    const claimed = await claimDueWork({
      db: t.database.db,
      clock: t.clock,
      workerId: "crashed",
      limit: 100,
      leaseMs: 5 * 60_000,
    });
    expect(claimed.some((r) => r.conditionId === s.conditionId)).toBe(true);
    await tick(t, { workerId: "other" });
    expect(mailsTo(sink, s.recipientEmails[0]!)).toHaveLength(0);
    await travel(t, 5 * 60_000);
    await tick(t, { workerId: "other" });
    expect(mailsTo(sink, s.recipientEmails[0]!)).toHaveLength(1);
  });
});
