import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../support/test-app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ NODE_ENV: "production" });
});
afterAll(() => t.close());

describe("in production", () => {
  it("never exposes the local mailbox", async () => {
    expect((await fetch(`${t.url}/dev/mailbox`)).status).toBe(404);
    // Mail stays in the outbox (no SMTP_URL here), and the web app is told so: it must not say "we sent you an e-mail".
    expect(await (await fetch(`${t.url}/api/meta`)).json()).toMatchObject({ mailbox: false, mail: "outbox" });
  });
});
