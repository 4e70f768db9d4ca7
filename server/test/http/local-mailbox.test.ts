import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMasterKeys } from "../../src/crypto/master-keys.ts";
import { mailboxKey } from "../../src/mail/mailbox-key.ts";
import { createMailer } from "../../src/mail/create-mailer.ts";
import { createMessage } from "../support/content.ts";
import { startAutoconfirmApp } from "../support/fixtures.ts";
import type { TestApp } from "../support/test-app.ts";
import { json, signUpUser } from "../support/users.ts";

let t: TestApp;
let key: string;
beforeAll(async () => {
  // No MAILBOX_KEY: the key is generated into DATA_DIR, as on a fresh `npm start`.
  t = await startAutoconfirmApp();
  key = mailboxKey(t.config);
});
afterAll(() => t.close());

const get = (p: string, headers: Record<string, string> = {}) => fetch(`${t.url}${p}`, { headers, redirect: "manual" });

async function waitForMailbox(to: string, subject: RegExp): Promise<{ subject: string; text: string }> {
  for (let i = 0; i < 100; i++) {
    const mails = (await (await get(`/dev/mailbox/messages.json?to=${encodeURIComponent(to)}&key=${key}`)).json()) as {
      subject: string;
      text: string;
    }[];
    const mail = mails.find((m) => subject.test(m.subject));
    if (mail) return mail;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`no mail ${subject} to ${to}`);
}

describe("the local mailbox", () => {
  it("keeps a stranger from taking over an account through a recovery mail (the audit's repro)", async () => {
    const victim = await signUpUser(t);
    const message = await createMessage(victim, { title: "Only mine", text_content: "The PIN is 4711" });
    // A visitor asks for the victim's recovery mail and tries to read it.
    expect((await fetch(`${t.url}/auth/v1/recover`, { method: "POST", ...json({ email: victim.email }) })).status).toBe(
      200,
    );
    await waitForMailbox(victim.email, /Reset your Trigger Switch password/);
    const json401 = await get(`/dev/mailbox/messages.json?to=${encodeURIComponent(victim.email)}`);
    expect(json401.status).toBe(401);
    const body = await json401.text();
    expect(body).not.toContain("verify");
    expect(body).toContain("start-up log");
    const html = await get(`/dev/mailbox?to=${encodeURIComponent(victim.email)}`);
    expect(html.status).toBe(401);
    const page = await html.text();
    expect(page).toContain("This mailbox is private");
    expect(page).not.toContain(victim.email);
    expect((await victim.api(`/api/messages/${message.id}`)).status).toBe(200);
  });

  it("refuses a wrong key and a forged cookie", async () => {
    expect((await get(`/dev/mailbox/messages.json?key=${"x".repeat(32)}`)).status).toBe(401);
    expect((await get("/dev/mailbox", { cookie: `ts_mailbox=${key}` })).status).toBe(401);
  });

  it("opens with the key once, then with an HttpOnly, SameSite=Strict cookie, and says who can read it", async () => {
    const mailer = createMailer({ from: "x", db: t.database.db, masterKeys: createMasterKeys({ config: t.config }) });
    await mailer.send({ to: "reader@example.com", subject: "Hello", text: "Open http://localhost/check?a=1&b=2 now" });
    await mailer.send({ to: "someone@example.com", subject: "Other", text: "nothing" });

    const entry = await get(`/dev/mailbox?key=${key}&to=reader@example.com`);
    expect(entry.status).toBe(303);
    expect(entry.headers.get("location")).toBe("/dev/mailbox?to=reader%40example.com");
    const cookie = entry.headers.get("set-cookie")!;
    expect(cookie).toMatch(/^ts_mailbox=[\w-]+; Path=\/dev\/mailbox; Max-Age=2592000; HttpOnly; SameSite=Strict$/);
    expect(cookie).not.toContain(key);

    const res = await get("/dev/mailbox?to=reader@example.com", { cookie: cookie.split(";")[0]! });
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    const html = await res.text();
    expect(html).toContain("Hello");
    expect(html).not.toContain("Other");
    expect(html).toContain('<a href="http://localhost/check?a=1&amp;b=2">');
    expect(html).toContain("Who can read this page:</strong> only someone with this server's mailbox key");
  });

  it("keeps its generated key in DATA_DIR/keys/mailbox.key, readable by the owner only, the same on every start", () => {
    const file = path.join(t.config.DATA_DIR, "keys", "mailbox.key");
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(fs.readFileSync(file, "utf8")).toBe(key);
    expect(key.length).toBeGreaterThanOrEqual(32);
    expect(mailboxKey(t.config)).toBe(key);
    expect(mailboxKey({ ...t.config, MAILBOX_KEY: "chosen-by-the-operator-0123456789" })).toBe(
      "chosen-by-the-operator-0123456789",
    );
  });

  it("answers a filter with a NUL 400, without a word of SQL", async () => {
    const res = await get(`/dev/mailbox?to=%00&key=${key}`);
    expect(res.status).toBe(400);
    expect(await res.text()).not.toMatch(/select|mail_outbox/i);
  });

  it("is announced to the web app without anything that would open it", async () => {
    const meta = await (await get("/api/meta")).text();
    expect(JSON.parse(meta)).toMatchObject({ mailbox: true });
    expect(meta).not.toContain(key);
  });
});
