import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSmtpSink } from "../support/smtp-sink.ts";
import type { TestApp } from "../support/test-app.ts";
import { panicMessage, press, startEngineTestApp, type Sink } from "./emergency-setup.ts";

let sink: Sink;
let t: TestApp;

beforeAll(async () => {
  sink = await startSmtpSink();
  // The background engine runs, but its next tick is a minute away: only the wake can be fast.
  t = await startEngineTestApp(sink, { ROLE: "all", ENGINE_INTERVAL_MS: "60000" });
});
afterAll(async () => {
  await t.close();
  await sink.close();
});

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
