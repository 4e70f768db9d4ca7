import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { engineAppWithSink } from "../support/fixtures.ts";
import type { SmtpSink } from "../support/smtp-sink.ts";
import type { TestApp } from "../support/test-app.ts";
import { panicMessage, press } from "./emergency-setup.ts";

let sink: SmtpSink;
let t: TestApp;
beforeAll(async () => {
  // The background engine runs, but its next tick is a minute away: only the wake can be fast.
  ({ t, sink } = await engineAppWithSink({ ROLE: "all", ENGINE_INTERVAL_MS: "60000" }));
});
afterAll(() => t.close());

describe("an emergency pressed on a process that runs the engine", () => {
  it("reaches the recipients within seconds, without waiting for the engine's next tick", async () => {
    const s = await panicMessage(t, {}, 2);
    // Let the engine's first tick (at start) finish, so it is sleeping on its 60 s interval.
    await new Promise((r) => setTimeout(r, 300));
    const started = Date.now();
    expect((await press(s.owner, s.messageId)).body).toMatchObject({ success: true, duplicate: false });
    await Promise.all(s.recipientEmails.map((email) => sink.waitFor(email, 5_000)));
    expect(Date.now() - started).toBeLessThan(5_000);
  });
});
