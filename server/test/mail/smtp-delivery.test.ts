import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mailOutbox } from "../../src/db/schema.ts";
import { startSmtpSink } from "../support/smtp-sink.ts";
import { startTestApp, type TestApp } from "../support/test-app.ts";

let sink: Awaited<ReturnType<typeof startSmtpSink>>;
let t: TestApp;

beforeAll(async () => {
  sink = await startSmtpSink();
  t = await startTestApp({ SMTP_URL: sink.url, MAIL_FROM: "Trigger Switch <switch@example.org>" });
});
afterAll(async () => {
  await t.close();
  await sink.close();
});

describe("with SMTP_URL set", () => {
  it("sends the sign-up confirmation through the SMTP server, with a working link", async () => {
    const email = "smtp-reader@example.com";
    const res = await fetch(`${t.url}/auth/v1/signup`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email, password: "correct horse battery staple" }),
    });
    expect(res.status).toBe(200);

    const mail = await sink.waitFor(email);
    expect(mail.from).toBe("switch@example.org");
    expect(mail.raw).toMatch(/Subject: Confirm your Trigger Switch account/);
    // Quoted-printable may fold the link; unfold soft line breaks before reading it.
    const body = mail.raw.replace(/=\r?\n/g, "").replace(/=3D/g, "=");
    const link = body.match(/https?:\/\/[^\s"<]+\/auth\/v1\/verify\?[^\s"<]+/)?.[0];
    expect(link).toBeDefined();
    const confirm = await fetch(link!.replace(/&amp;/g, "&"), { redirect: "manual" });
    expect(confirm.status).toBe(303);
    expect(confirm.headers.get("location")).toMatch(/#access_token=/);
  });

  it("keeps nothing in the local outbox and offers no mailbox page", async () => {
    expect(await t.database.db.select().from(mailOutbox)).toHaveLength(0);
    expect((await fetch(`${t.url}/dev/mailbox`)).status).toBe(404);
    expect(await (await fetch(`${t.url}/readyz`)).json()).toMatchObject({ mail: "smtp" });
  });
});
