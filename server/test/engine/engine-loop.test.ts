import { setTimeout as sleep } from "node:timers/promises";
import { describe, expect, it, vi } from "vitest";
import { createAdjustableClock, type Clock } from "../../src/clock.ts";
import { engineHeartbeat } from "../../src/db/schema.ts";
import { startEngine } from "../../src/engine/start-engine.ts";
import type { Mailer } from "../../src/mail/mailer.ts";
import { engineDepsOf, HOUR, scheduleOf, setHeartbeat, travel } from "../support/engine.ts";
import { FakeClock } from "../support/fake-clock.ts";
import { engineAppWithSink, ownerWithMessage } from "../support/fixtures.ts";
import { startTestApp, type TestApp } from "../support/test-app.ts";

describe("the background engine", () => {
  it("ticks in a ROLE=all process, beating the heartbeat, and stops when the app closes", async () => {
    const t = await startTestApp({ ROLE: "all", ENGINE_INTERVAL_MS: "50" });
    await new Promise((r) => setTimeout(r, 400));
    const [beat] = await t.database.db.select().from(engineHeartbeat);
    expect(beat?.lastBeatAt).toEqual(t.clock.now());
    await t.close();
  });

  it("leaves no timer behind once stopped, though the rows it settles while stopping make owners' notices due", async () => {
    const { t, sink } = await engineAppWithSink();
    try {
      const owners = [];
      for (let i = 0; i < 3; i++)
        owners.push(await ownerWithMessage(t, { condition_type: "no_check_in", hours_threshold: 1 }, 1));
      await travel(t, HOUR);
      // Every interval set while the engine runs (its heartbeat, its feeders) must be cleared once it has stopped.
      const set = vi.spyOn(globalThis, "setInterval");
      const cleared = vi.spyOn(globalThis, "clearInterval");
      // The first mail goes at once; the others are held until the engine is stopping, so their
      // rows are settled (and their owners' notices become due) while it stops.
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      let sent = 0;
      const mailer: Mailer = {
        ...t.mailer,
        send: async (mail) => {
          if (sent++ > 0) await held;
          return t.mailer.send(mail);
        },
      };
      const engine = startEngine({ ...engineDepsOf(t, { mailer }), intervalMs: 20_000 });
      while (sink.mails.length === 0) await sleep(10);
      const stopped = engine.stop();
      release();
      await stopped;
      expect(sink.mails).toHaveLength(3);
      await sleep(100);
      const left = set.mock.results
        .map((r) => r.value as unknown)
        .filter((h) => !cleared.mock.calls.some(([c]) => c === h));
      const created = set.mock.results.length;
      set.mockRestore();
      cleared.mockRestore();
      expect(created).toBeGreaterThan(0);
      expect(left).toEqual([]);
    } finally {
      await t.close();
    }
  });

  it("does not run in a ROLE=web process", async () => {
    const t = await startTestApp({ ROLE: "web" });
    await new Promise((r) => setTimeout(r, 200));
    expect(await t.database.db.select().from(engineHeartbeat)).toHaveLength(0);
    await t.close();
  });
});

/**
 * Runs `work` while the background loop runs with a 20 s interval (a test that passes within 10 s
 * did not wait for it), then stops the loop.
 */
async function whileSlowEngineRuns(t: TestApp, clock: Clock, mailer: Mailer, work: () => Promise<void>) {
  const engine = startEngine({ ...engineDepsOf(t, { clock, mailer }), intervalMs: 20_000 });
  try {
    await work();
  } finally {
    await engine.stop();
  }
}

describe("the background engine between passes", () => {
  it("acts on a deadline at its moment, not up to a pause later", async () => {
    const { t, sink } = await engineAppWithSink();
    try {
      const s = await ownerWithMessage(t, { condition_type: "no_check_in", hours_threshold: 1 }, 1);
      const final = (await scheduleOf(t, s.conditionId)).find((r) => r.reminderType === "final_delivery")!;
      // The engine's clock runs in real time and reaches the deadline 400 ms after the engine starts.
      const clock = createAdjustableClock(final.nextAttemptAt!.getTime() - 400 - Date.now());
      await setHeartbeat(t, clock.now());
      await whileSlowEngineRuns(t, clock, t.mailer, async () => {
        const started = Date.now();
        await sink.waitFor(s.recipientEmails[0]!, 10_000);
        expect(Date.now() - started).toBeLessThan(10_000);
      });
    } finally {
      await t.close();
    }
  });

  it("takes rows that fell due while a pass ran at once, not an interval later", async () => {
    const { t, sink } = await engineAppWithSink();
    try {
      const first = await ownerWithMessage(t, { condition_type: "no_check_in", hours_threshold: 1 }, 1);
      await travel(t, 1_000);
      const second = await ownerWithMessage(t, { condition_type: "no_check_in", hours_threshold: 1 }, 1);
      const due = (await scheduleOf(t, first.conditionId)).find((r) => r.reminderType === "final_delivery")!;
      // The pass at the first deadline claims only it; its send moves the clock past the second.
      const clock = new FakeClock(due.nextAttemptAt);
      await setHeartbeat(t, clock.now());
      const mailer: Mailer = {
        ...t.mailer,
        send: (mail) => {
          clock.set(new Date(Math.max(clock.now().getTime(), due.nextAttemptAt.getTime() + 2_000)));
          return t.mailer.send(mail);
        },
      };
      await whileSlowEngineRuns(t, clock, mailer, async () => {
        await sink.waitFor(first.recipientEmails[0]!, 10_000);
        const started = Date.now();
        await sink.waitFor(second.recipientEmails[0]!, 10_000);
        expect(Date.now() - started).toBeLessThan(10_000);
      });
    } finally {
      await t.close();
    }
  });
});
