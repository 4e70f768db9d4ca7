import { describe, expect, it } from "vitest";
import { tellOwnerByNotice } from "../../src/channels/delivery/tell-owner.ts";
import { createAdjustableClock } from "../../src/clock.ts";
import { createMasterKeys } from "../../src/crypto/master-keys.ts";
import { engineHeartbeat } from "../../src/db/schema.ts";
import { startEngine } from "../../src/engine/start-engine.ts";
import { scheduleOf, setHeartbeat } from "../support/engine.ts";
import { engineAppWithSink, ownerWithMessage } from "../support/fixtures.ts";
import { startTestApp } from "../support/test-app.ts";

describe("the background engine", () => {
  it("ticks in a ROLE=all process, beating the heartbeat, and stops when the app closes", async () => {
    const t = await startTestApp({ ROLE: "all", ENGINE_INTERVAL_MS: "50" });
    await new Promise((r) => setTimeout(r, 400));
    const [beat] = await t.database.db.select().from(engineHeartbeat);
    expect(beat?.lastBeatAt).toEqual(t.clock.now());
    await t.close();
  });

  it("does not run in a ROLE=web process", async () => {
    const t = await startTestApp({ ROLE: "web" });
    await new Promise((r) => setTimeout(r, 200));
    expect(await t.database.db.select().from(engineHeartbeat)).toHaveLength(0);
    await t.close();
  });
});

describe("the background engine between passes", () => {
  it("acts on a deadline at its moment, not up to a pause later", async () => {
    const { t, sink } = await engineAppWithSink();
    try {
      const s = await ownerWithMessage(t, { condition_type: "no_check_in", hours_threshold: 1 }, 1);
      const final = (await scheduleOf(t, s.conditionId)).find((r) => r.reminderType === "final_delivery")!;
      // The engine's clock runs in real time and reaches the deadline 400 ms after the engine starts.
      const clock = createAdjustableClock(final.nextAttemptAt!.getTime() - 400 - Date.now());
      await setHeartbeat(t, clock.now());
      const masterKeys = createMasterKeys({ config: t.config });
      const engine = startEngine({
        db: t.database.db,
        clock,
        mailer: t.mailer,
        channels: t.channels,
        tellOwner: tellOwnerByNotice({ masterKeys, clock, siteUrl: () => t.config.SITE_URL }),
        config: t.config,
        masterKeys,
        log: { info() {}, error() {} },
        intervalMs: 20_000,
      });
      try {
        const started = Date.now();
        await sink.waitFor(s.recipientEmails[0]!, 10_000);
        expect(Date.now() - started).toBeLessThan(10_000);
      } finally {
        await engine.stop();
      }
    } finally {
      await t.close();
    }
  });
});
