import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMasterKeys } from "../../src/crypto/master-keys.ts";
import { sealPlaintextRows } from "../../src/crypto/seal-plaintext-rows.ts";
import { recipients } from "../../src/db/schema.ts";
import { createMessage, createRecipient, setRecipients } from "../support/content.ts";
import { appWithOwner } from "../support/fixtures.ts";
import type { TestApp } from "../support/test-app.ts";
import type { SignedInUser } from "../support/users.ts";

let t: TestApp;
let owner: SignedInUser;
beforeAll(async () => {
  ({ t, owner } = await appWithOwner());
});
afterAll(() => t.close());

const rawRecipient = async (id: string) =>
  (
    (await t.database.db.execute(sql`select * from recipients where id = ${id}`)) as unknown as {
      rows: Record<string, unknown>[];
    }
  ).rows[0]!;

describe("recipients at rest (docs/decisions/010)", () => {
  it("seal the name and the note, and keep the addresses usable for sending", async () => {
    const r = await createRecipient(owner, {
      name: "Mum Quillfeather",
      email: "mum@example.com",
      phone: "+447700900123",
      note: "Has the spare key",
    });
    const raw = await rawRecipient(r.id);
    expect(raw.name).toMatch(/^v1\./);
    expect(raw.note).toMatch(/^v1\./);
    expect(JSON.stringify(raw)).not.toMatch(/Quillfeather|spare key/);
    expect(raw).toMatchObject({ email: "mum@example.com", phone: "+447700900123" });
    expect(await (await owner.api(`/api/recipients/${r.id}`)).json()).toMatchObject({
      name: "Mum Quillfeather",
      note: "Has the spare key",
    });
  });

  it("re-seal a changed name, and list recipients by name although the database cannot sort them", async () => {
    const b = await createRecipient(owner, { name: "Bea", email: "bea@example.com" });
    await createRecipient(owner, { name: "Al", email: "al@example.com" });
    const before = await rawRecipient(b.id);
    const res = await owner.api(`/api/recipients/${b.id}`, {
      method: "PATCH",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ name: "Zoe" }),
    });
    expect(await res.json()).toMatchObject({ name: "Zoe" });
    expect((await rawRecipient(b.id)).wrapped_key).not.toBe(before.wrapped_key);
    const names = ((await (await owner.api("/api/recipients")).json()) as { name: string }[]).map((r) => r.name);
    expect(names).toEqual([...names].sort((x, y) => x.localeCompare(y, "en")));
    const message = await createMessage(owner);
    await setRecipients(owner, message.id, [b.id]);
    expect(await (await owner.api(`/api/messages/${message.id}`)).json()).toMatchObject({
      recipients: [{ name: "Zoe" }],
    });
  });

  it("seal rows an older version wrote in plaintext at the next start, and read them the same before and after", async () => {
    const [legacy] = await t.database.db
      .insert(recipients)
      .values({
        userId: ((await (await owner.api("/api/me")).json()) as { id: string }).id,
        name: "Old Friend",
        email: "old@example.com",
        channels: ["email"],
        note: "from before",
      })
      .returning();
    expect(await (await owner.api(`/api/recipients/${legacy!.id}`)).json()).toMatchObject({
      name: "Old Friend",
      note: "from before",
    });
    const sealed = await sealPlaintextRows({ db: t.database.db, masterKeys: createMasterKeys({ config: t.config }) });
    expect(sealed.recipients).toBe(1);
    const [row] = await t.database.db.select().from(recipients).where(eq(recipients.id, legacy!.id));
    expect(row!.name).toMatch(/^v1\./);
    expect(await (await owner.api(`/api/recipients/${legacy!.id}`)).json()).toMatchObject({
      name: "Old Friend",
      note: "from before",
    });
  });
});
