import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runEngineTick } from "../../src/engine/run-engine-tick.ts";
import { engineDepsOf, HOUR, startLoop, travel } from "../support/engine.ts";
import type { SmtpSink } from "../support/smtp-sink.ts";
import type { TestApp } from "../support/test-app.ts";
import { engineAppWithSink, ownerWithMessage } from "../support/fixtures.ts";

let sink: SmtpSink;
let t: TestApp;

beforeAll(async () => {
  ({ t, sink } = await engineAppWithSink());
});
afterAll(() => t.close());

describe("the order of the engine's sends", () => {
  it("sends every recipient's mail of a burst before the owners' release notices", async () => {
    const setups = [];
    for (let i = 0; i < 3; i++)
      setups.push(await ownerWithMessage(t, { condition_type: "no_check_in", hours_threshold: 1 }, 2));
    await travel(t, HOUR);
    sink.mails.length = 0;
    // One lane, so the order the lane takes its jobs in is the order the mails arrive in.
    const result = await runEngineTick({ ...engineDepsOf(t), concurrency: 1 });
    expect(result.sent).toBe(3);
    const recipients = new Set(setups.flatMap((s) => s.recipientEmails));
    const owners = new Set(setups.map((s) => s.owner.email));
    const order = sink.mails.map((m) =>
      m.to.some((a) => recipients.has(a)) ? "recipient" : m.to.some((a) => owners.has(a)) ? "owner" : "other",
    );
    expect(order).toEqual([...Array(6).fill("recipient"), ...Array(3).fill("owner")]);
  });

  it("keeps the owners' release notices back while the loop's claims come back full, so a burst's recipients go first", async () => {
    const setups = [];
    for (let i = 0; i < 10; i++)
      setups.push(await ownerWithMessage(t, { condition_type: "no_check_in", hours_threshold: 1 }, 1));
    await travel(t, HOUR);
    sink.mails.length = 0;
    // Claims of 2 rows: the burst takes five full claims, and one lane sends each batch's
    // recipients faster than the next claim comes back, so a notice taken between two claims
    // would arrive before the next batch's recipients.
    const engine = startLoop(t, { limit: 2, concurrency: 1, intervalMs: 20_000 });
    try {
      const owners = setups.map((s) => s.owner.email);
      for (const owner of owners) await sink.waitFor(owner, 10_000);
      const recipients = new Set(setups.flatMap((s) => s.recipientEmails));
      const order = sink.mails.map((m) =>
        m.to.some((a) => recipients.has(a)) ? "recipient" : owners.some((o) => m.to.includes(o)) ? "owner" : "other",
      );
      expect(order).toEqual([...Array(10).fill("recipient"), ...Array(10).fill("owner")]);
    } finally {
      await engine.stop();
    }
  });

  it("goes on through a burst longer than the loop's bound on open rows, and every owner's notice follows it", async () => {
    // Claims of 1 row: the loop keeps at most 20 rows and notices open. No row waits for its owner's
    // notice (it is sent on its own once the row is settled), so the burst never stalls on them.
    // An app of its own: 22 more sign-ups would pass this one's limit on sign-ups.
    const { t, sink } = await engineAppWithSink();
    const setups = [];
    for (let i = 0; i < 22; i++)
      setups.push(await ownerWithMessage(t, { condition_type: "no_check_in", hours_threshold: 1 }, 1));
    await travel(t, HOUR);
    const engine = startLoop(t, { limit: 1, concurrency: 1, intervalMs: 20_000 });
    try {
      for (const s of setups) await sink.waitFor(s.recipientEmails[0]!, 10_000);
      for (const s of setups) await sink.waitFor(s.owner.email, 10_000);
    } finally {
      await engine.stop();
      await t.close();
    }
  });
});
