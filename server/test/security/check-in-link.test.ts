import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SmtpSink } from "../support/smtp-sink.ts";
import { HOUR, linkIn, tick, travel } from "../support/engine.ts";
import { engineAppWithSink, ownerWithMessage } from "../support/fixtures.ts";
import type { TestApp } from "../support/test-app.ts";

let sink: SmtpSink;
let t: TestApp;
beforeAll(async () => {
  ({ t, sink } = await engineAppWithSink());
});
afterAll(() => t.close());

const post = (path: string, body: unknown) =>
  fetch(`${t.url}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });

describe("a reminder's check-in link (docs/decisions/011)", () => {
  it("tells whoever holds it only that it works, and after the check-in only when it happened", async () => {
    const { owner } = await ownerWithMessage(
      t,
      { condition_type: "no_check_in", hours_threshold: 3, reminder_hours: [60] },
      2,
    );
    await travel(t, 2 * HOUR);
    await tick(t);
    const token = new URL(linkIn(await sink.waitFor(owner.email), `${t.url}/check-in?token=`)).searchParams.get(
      "token",
    )!;
    // The token never travels in a path, where request logs and proxies would keep it.
    expect((await fetch(`${t.url}/api/check-in/token/${token}`)).status).toBe(404);
    const lookup = await post("/api/check-in/token/lookup", { token });
    expect(await lookup.json()).toEqual({ valid: true });
    expect(lookup.headers.get("cache-control")).toBe("no-store");
    const done = (await (await post("/api/check-in/token", { token })).json()) as Record<string, unknown>;
    expect(Object.keys(done).sort()).toEqual(["cancelled", "checked_in_at", "success"]);
    expect(done.cancelled).toBe(0);
    expect((await post("/api/check-in/token/lookup", { token })).status).toBe(404);
  });
});
