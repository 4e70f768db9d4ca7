import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMasterKeys } from "../../src/crypto/master-keys.ts";
import { deliveries } from "../../src/db/schema.ts";
import { enqueueOwnerNotice } from "../../src/engine/owner-notices.ts";
import { createSendPipeline } from "../../src/engine/send-pipeline.ts";
import { claimDueNotices } from "../../src/engine/send-notices.ts";
import { engineDepsOf, mailsTo, tick } from "../support/engine.ts";
import { engineAppWithSink } from "../support/fixtures.ts";
import type { SmtpSink } from "../support/smtp-sink.ts";
import type { TestApp } from "../support/test-app.ts";

// A notice is sent only under a claim that will outlast the send: one whose claim is about to run out
// (it waited in the queue behind a burst, or the clock moved) goes back unsent, so no second claim
// can send it a second time.
let t: TestApp;
let sink: SmtpSink;

beforeAll(async () => {
  ({ t, sink } = await engineAppWithSink());
});
afterAll(() => t?.close());

describe("a notice's claim", () => {
  it("is handed back unsent when it runs out before the send, and the notice then goes once", async () => {
    const masterKeys = createMasterKeys({ config: t.config });
    const to = `lease-${Date.now()}@example.com`;
    await enqueueOwnerNotice(t.database.db, {
      masterKeys,
      now: t.clock.now(),
      notice: { to, userId: null, key: `lease-test:${to}`, subject: "A notice", text: "Hello" },
    });
    // Claimed for less than a send may take.
    const claimed = await claimDueNotices({
      db: t.database.db,
      now: t.clock.now(),
      workerId: "short-lease",
      limit: 10,
      leaseMs: 1_000,
    });
    expect(claimed.map((n) => n.address)).toContain(to);
    const pipeline = createSendPipeline({ ...engineDepsOf(t), workerId: "short-lease", concurrency: 2 });
    pipeline.addNotices(claimed.filter((n) => n.address === to));
    await pipeline.drain();
    await pipeline.stop(0);
    expect(mailsTo(sink, to)).toEqual([]);
    const [row] = await t.database.db.select().from(deliveries).where(eq(deliveries.address, to));
    expect(row).toMatchObject({ status: "pending", claimedBy: null, lockedUntil: null, attempts: 0 });

    await tick(t);
    expect(mailsTo(sink, to)).toHaveLength(1);
  });
});
