import fs from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appWithOwner } from "../support/fixtures.ts";
import type { TestApp } from "../support/test-app.ts";
import type { SignedInUser } from "../support/users.ts";
import { createMessage, patch, uploadFile } from "../support/content.ts";

let t: TestApp;
let owner: SignedInUser;

const secrets = {
  title: "Letter for Margot Quillfeather",
  text: "The safe combination is 31-17-45 and the will is with Okonkwo & Partners.",
  place: "Lighthouse Cottage, Porthcurnow",
  latitude: 50.041234,
  longitude: -5.653219,
  fileName: "margot-bank-details.txt",
  fileText: "Sort code 40-47-84, account 70872490\n",
};

beforeAll(async () => {
  ({ t, owner } = await appWithOwner());
});
afterAll(() => t.close());

async function rows(query: string): Promise<Record<string, unknown>[]> {
  return ((await t.database.db.execute(sql.raw(query))) as unknown as { rows: Record<string, unknown>[] }).rows;
}

const needles = () => [
  secrets.title,
  "Margot",
  secrets.text,
  "31-17-45",
  "Okonkwo",
  secrets.place,
  "Porthcurnow",
  "50.041234",
  "5.653219",
  secrets.fileName,
  "70872490",
];

describe("confidential at rest", () => {
  it("keeps titles, text, location and attachments out of the database rows and the stored files", async () => {
    const m = await createMessage(owner, { title: secrets.title, text_content: secrets.text });
    await patch(owner, `/api/messages/${m.id}`, {
      share_location: true,
      location_name: secrets.place,
      location_latitude: secrets.latitude,
      location_longitude: secrets.longitude,
    });
    expect((await uploadFile(owner, m.id, Buffer.from(secrets.fileText), secrets.fileName, "text/plain")).status).toBe(
      201,
    );

    // What a database dump would hold.
    const dump = JSON.stringify([
      ...(await rows("select * from messages")),
      ...(await rows("select * from message_attachments")),
      ...(await rows("select * from message_conditions")),
    ]);
    for (const needle of needles()) expect(dump).not.toContain(needle);
    const [row] = await rows(`select * from messages where id = '${m.id}'`);
    expect(row!.title).toMatch(/^v1\./);
    expect(row!.key_id).toBe("k1");

    // What a copy of DATA_DIR/attachments would hold.
    const dir = path.join(t.config.DATA_DIR, "attachments");
    for (const file of fs.readdirSync(dir)) {
      const bytes = fs.readFileSync(path.join(dir, file)).toString("latin1");
      for (const needle of needles()) expect(bytes).not.toContain(needle);
      expect(fs.statSync(path.join(dir, file)).mode & 0o077).toBe(0);
    }

    // …while the owner reads it all back.
    const back = (await (await owner.api(`/api/messages/${m.id}`)).json()) as Record<string, unknown> & {
      attachments: { file_name: string }[];
    };
    expect(back).toMatchObject({
      title: secrets.title,
      text_content: secrets.text,
      location_name: secrets.place,
      location_latitude: secrets.latitude,
      location_longitude: secrets.longitude,
    });
    expect(back.attachments[0]!.file_name).toBe(secrets.fileName);
  });

  it("encrypts the same text differently every time (fresh IVs, one data key per message)", async () => {
    const a = await createMessage(owner, { title: "Same", text_content: "Same words" });
    const b = await createMessage(owner, { title: "Same", text_content: "Same words" });
    const [ra, rb] = await Promise.all(
      [a, b].map(
        async (m) => (await rows(`select title, text_content, wrapped_key from messages where id = '${m.id}'`))[0]!,
      ),
    );
    expect(ra!.title).not.toBe(rb!.title);
    expect(ra!.text_content).not.toBe(rb!.text_content);
    expect(ra!.wrapped_key).not.toBe(rb!.wrapped_key);
  });

  it("refuses to open a ciphertext moved to another message or field instead of showing it", async () => {
    const a = await createMessage(owner, { title: "A title", text_content: "A's secret" });
    const b = await createMessage(owner, { title: "B title", text_content: "B's words" });
    await rows(
      `update messages set text_content = (select text_content from messages where id = '${a.id}') where id = '${b.id}'`,
    );
    const res = await owner.api(`/api/messages/${b.id}`);
    expect(res.status).toBe(500);
    expect(await res.text()).not.toContain("A's secret");
    await rows(`update messages set title = text_content where id = '${a.id}'`);
    expect((await owner.api(`/api/messages/${a.id}`)).status).toBe(500);
  });

  it("keeps the generated master key in DATA_DIR/keys, readable by the owner only", () => {
    const file = path.join(t.config.DATA_DIR, "keys", "master-k1.key");
    expect(Buffer.from(fs.readFileSync(file, "utf8"), "base64")).toHaveLength(32);
    expect(fs.statSync(file).mode & 0o077).toBe(0);
  });
});
