import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMasterKeys } from "../../src/crypto/master-keys.ts";
import { sealPlaintextRows } from "../../src/crypto/seal-plaintext-rows.ts";
import { mailOutbox } from "../../src/db/schema.ts";
import { createMailer } from "../../src/mail/create-mailer.ts";
import { OUTBOX_RETENTION_MS } from "../../src/mail/outbox-transport.ts";
import { outboxMails } from "../support/outbox.ts";
import { startTestApp, type TestApp } from "../support/test-app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const masterKeys = () => createMasterKeys({ config: t.config });
const rawRows = async () =>
  ((await t.database.db.execute(sql`select * from mail_outbox`)) as unknown as { rows: Record<string, unknown>[] })
    .rows;

describe("the local outbox", () => {
  it("keeps subject and bodies sealed like a message, and opens them for the mailbox", async () => {
    const mailer = createMailer({ from: "x", db: t.database.db, masterKeys: masterKeys(), clock: t.clock });
    await mailer.send({
      to: "Sam@Example.com",
      subject: "EMERGENCY alert from Quill",
      text: "Quill-title: the deeds are in the loft",
      html: "<p>Quill-html</p>",
    });
    const raw = JSON.stringify(await rawRows());
    for (const secret of ["EMERGENCY", "Quill-title", "deeds", "Quill-html"]) expect(raw).not.toContain(secret);
    expect(raw).toMatch(/"subject":"v1\./);
    const [mail] = await outboxMails(t, "sam@example.com");
    expect(mail).toMatchObject({
      to: "sam@example.com",
      subject: "EMERGENCY alert from Quill",
      text: "Quill-title: the deeds are in the loft",
      html: "<p>Quill-html</p>",
    });
  });

  it("does not open a sealed body moved to another mail", async () => {
    const mailer = createMailer({ from: "x", db: t.database.db, masterKeys: masterKeys(), clock: t.clock });
    await mailer.send({ to: "a@example.com", subject: "A", text: "text of A" });
    await mailer.send({ to: "b@example.com", subject: "B", text: "text of B" });
    const [a] = await t.database.db
      .select()
      .from(mailOutbox)
      .where(sql`to_address = 'a@example.com'`);
    await t.database.db
      .update(mailOutbox)
      .set({ text: a!.text })
      .where(sql`to_address = 'b@example.com'`);
    await expect(outboxMails(t, "b@example.com")).rejects.toThrow();
    await t.database.db.delete(mailOutbox).where(sql`to_address = 'b@example.com'`);
  });

  it(`deletes mail older than ${OUTBOX_RETENTION_MS / 86_400_000} days when the next one is written`, async () => {
    const mailer = createMailer({ from: "x", db: t.database.db, masterKeys: masterKeys(), clock: t.clock });
    await mailer.send({ to: "old@example.com", subject: "Old", text: "old" });
    t.clock.advance(OUTBOX_RETENTION_MS - 1000);
    await mailer.send({ to: "new@example.com", subject: "New", text: "new" });
    expect(await outboxMails(t, "old@example.com")).toHaveLength(1);
    t.clock.advance(2000);
    await mailer.send({ to: "newer@example.com", subject: "Newer", text: "newer" });
    expect(await outboxMails(t, "old@example.com")).toHaveLength(0);
    expect(await outboxMails(t, "new@example.com")).toHaveLength(1);
  });

  it("seals mail an older version left in plaintext, at the next start", async () => {
    await t.database.db
      .insert(mailOutbox)
      .values({ to: "legacy@example.com", subject: "Legacy subject", text: "Legacy body", html: null });
    expect((await outboxMails(t, "legacy@example.com"))[0]).toMatchObject({
      subject: "Legacy subject",
      text: "Legacy body",
    });
    expect(await sealPlaintextRows({ db: t.database.db, masterKeys: masterKeys() })).toMatchObject({ mails: 1 });
    expect(JSON.stringify(await rawRows())).not.toContain("Legacy body");
    expect((await outboxMails(t, "legacy@example.com"))[0]).toMatchObject({
      subject: "Legacy subject",
      text: "Legacy body",
    });
    expect(await sealPlaintextRows({ db: t.database.db, masterKeys: masterKeys() })).toMatchObject({ mails: 0 });
  });
});
