import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tellOwnerByNotice } from "../../src/channels/delivery/tell-owner.ts";
import { createMasterKeys } from "../../src/crypto/master-keys.ts";
import { runEngineTick } from "../../src/engine/run-engine-tick.ts";
import { HOUR, travel } from "../support/engine.ts";
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
    const masterKeys = createMasterKeys({ config: t.config });
    const tellOwner = tellOwnerByNotice({ masterKeys, clock: t.clock, siteUrl: () => t.config.SITE_URL });
    // One lane, so the order the lane takes its jobs in is the order the mails arrive in.
    const result = await runEngineTick({
      db: t.database.db,
      clock: t.clock,
      mailer: t.mailer,
      channels: t.channels,
      tellOwner,
      config: t.config,
      masterKeys,
      log: { info() {}, error() {} },
      concurrency: 1,
    });
    expect(result.sent).toBe(3);
    const recipients = new Set(setups.flatMap((s) => s.recipientEmails));
    const owners = new Set(setups.map((s) => s.owner.email));
    const order = sink.mails.map((m) =>
      m.to.some((a) => recipients.has(a)) ? "recipient" : m.to.some((a) => owners.has(a)) ? "owner" : "other",
    );
    expect(order).toEqual([...Array(6).fill("recipient"), ...Array(3).fill("owner")]);
  });
});
