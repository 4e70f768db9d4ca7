import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMasterKeys } from "../../src/crypto/master-keys.ts";
import { claimDueWork } from "../../src/engine/claim-due-work.ts";
import { commitBatch } from "../../src/engine/commit-batch.ts";
import { loadWorkContexts } from "../../src/engine/load-work-context.ts";
import type { ScheduleRow, WorkContext } from "../../src/engine/work-types.ts";
import { HOUR, MINUTE, travel } from "../support/engine.ts";
import { engineAppWithSink, ownerWithMessage } from "../support/fixtures.ts";
import type { TestApp } from "../support/test-app.ts";

// The commit hands the deliveries it wrote to the mails' read, which then reads only those of rows
// released before (decision 012). A delivery missing from what it hands over would be a mail never
// sent on a row settled as done, so each batch is compared with what the database holds.
let t: TestApp;
const workerId = "hand-over";

beforeAll(async () => {
  ({ t } = await engineAppWithSink());
});
afterAll(async () => {
  await t.close();
});

const masterKeys = () => createMasterKeys({ config: t.config });

async function claimOf(conditionIds: string[]): Promise<ScheduleRow[]> {
  const rows = await claimDueWork({ db: t.database.db, clock: t.clock, workerId, limit: 100, leaseMs: 10 * MINUTE });
  return rows.filter((r) => conditionIds.includes(r.conditionId));
}

const commit = (rows: ScheduleRow[]) =>
  commitBatch({
    db: t.database.db,
    clock: t.clock,
    masterKeys: masterKeys(),
    rows,
    workerId,
    siteUrl: t.config.SITE_URL,
  });

/** The contexts with every delivery read from the database, in a stable order to compare. */
const readBack = async (rows: ScheduleRow[]) =>
  sorted(await loadWorkContexts({ db: t.database.db, masterKeys: masterKeys(), rows }));

const sorted = (contexts: WorkContext[]) =>
  contexts.map((ctx) => ({ ...ctx, deliveries: [...ctx.deliveries].sort((a, b) => a.id.localeCompare(b.id)) }));

describe("the deliveries a commit hands over", () => {
  it("are every delivery of a reminder and of a release, as stored", async () => {
    const { conditionId } = await ownerWithMessage(
      t,
      { condition_type: "no_check_in", hours_threshold: 2, reminder_hours: [30] },
      3,
    );
    await travel(t, 2 * HOUR - 30 * MINUTE);
    const reminder = await commit(await claimOf([conditionId]));
    expect(reminder.deliver).toHaveLength(1);
    expect([...reminder.deliveries.values()].flat().map((d) => d.kind)).toEqual(["reminder"]);
    const given = await loadWorkContexts({
      db: t.database.db,
      masterKeys: masterKeys(),
      rows: reminder.deliver,
      conditions: reminder.conditions,
      deliveries: reminder.deliveries,
    });
    expect(sorted(given)).toEqual(await readBack(reminder.deliver));

    await travel(t, 30 * MINUTE);
    // The reminder's row comes round again too (its lease ran out unsettled): the next test has such a row.
    const release = await commit((await claimOf([conditionId])).filter((r) => r.reminderType === "final_delivery"));
    expect(release.deliver).toHaveLength(1);
    const written = release.deliveries.get(release.deliver[0]!.id)!;
    expect(written.map((d) => d.kind).sort()).toEqual(["release", "release", "release", "release_notice"]);
    const contexts = await loadWorkContexts({
      db: t.database.db,
      masterKeys: masterKeys(),
      rows: release.deliver,
      conditions: release.conditions,
      deliveries: release.deliveries,
    });
    expect(sorted(contexts)).toEqual(await readBack(release.deliver));
    // The grants are read from the deliveries handed over: each recipient's mail names its window.
    expect(contexts[0]!.grants.size).toBe(3);
  });

  it("leaves out a row released before, whose deliveries are read, beside one released now", async () => {
    const first = await ownerWithMessage(t, { condition_type: "no_check_in", hours_threshold: 1 }, 2);
    await travel(t, HOUR);
    const released = await commit(await claimOf([first.conditionId]));
    expect(released.deliver).toHaveLength(1);

    const second = await ownerWithMessage(t, { condition_type: "no_check_in", hours_threshold: 1 }, 1);
    await travel(t, HOUR);
    // The first row is still claimed by this worker (as after a crash between commit and send): it comes round again.
    const again = await commit([...released.deliver, ...(await claimOf([second.conditionId]))]);
    expect(again.deliver).toHaveLength(2);
    expect([...again.deliveries.keys()]).toEqual(
      again.deliver.filter((r) => r.conditionId === second.conditionId).map((r) => r.id),
    );
    const contexts = await loadWorkContexts({
      db: t.database.db,
      masterKeys: masterKeys(),
      rows: again.deliver,
      conditions: again.conditions,
      deliveries: again.deliveries,
    });
    expect(sorted(contexts)).toEqual(await readBack(again.deliver));
    expect(contexts.map((ctx) => ctx.deliveries.length).sort()).toEqual([2, 3]);
  });
});
