import { describe, expect, it } from "vitest";
import { engineHeartbeat } from "../../src/db/schema.ts";
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
