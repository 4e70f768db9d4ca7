import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMasterKeys } from "../../src/crypto/master-keys.ts";
import { deliveries } from "../../src/db/schema.ts";
import { enqueueOwnerNotices } from "../../src/engine/owner-notices.ts";
import { startLoop } from "../support/engine.ts";
import { engineAppWithSink } from "../support/fixtures.ts";
import type { SmtpSink } from "../support/smtp-sink.ts";
import type { TestApp } from "../support/test-app.ts";

// A burst of notices larger than a batch (a batch of deadlines asking every contact at once): the
// claim step's batch and the lanes' feeder (start-engine.ts) claim side by side, so this checks
// that between them every notice goes out, and only once.
describe("a burst of notices many batches long", () => {
  let t: TestApp;
  let sink: SmtpSink;
  beforeAll(async () => ({ t, sink } = await engineAppWithSink()));
  afterAll(() => t.close());

  it("sends every notice exactly once and writes each as sent", async () => {
    const masterKeys = createMasterKeys({ config: t.config });
    const count = 137;
    const to = (i: number) => `burst${i}@example.com`;
    await enqueueOwnerNotices(t.database.db, {
      masterKeys,
      now: t.clock.now(),
      notices: Array.from({ length: count }, (_, i) => ({
        notice: { to: to(i), userId: null, key: `test:burst:${i}`, subject: `Notice ${i}`, text: `Notice ${i}` },
      })),
    });
    // Batches of 10 and a long pause between claim steps: the burst goes out through the feeder and full steps.
    const engine = startLoop(t, { limit: 10, intervalMs: 60_000 });
    try {
      for (let i = 0; i < count; i++) await sink.waitFor(to(i), 20_000);
      await expect
        .poll(
          async () =>
            (await t.database.db.select().from(deliveries).where(eq(deliveries.kind, "notice"))).filter(
              (d) => d.idempotencyKey?.startsWith("notice:test:burst:") && d.status === "sent",
            ).length,
          { timeout: 5_000 },
        )
        .toBe(count);
    } finally {
      await engine.stop();
    }
    const arrived = sink.mails.filter((m) => m.to[0]!.startsWith("burst"));
    expect(arrived.length).toBe(count);
    expect(new Set(arrived.map((m) => m.to[0])).size).toBe(count);
  });
});
