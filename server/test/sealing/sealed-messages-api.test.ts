import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { messageAttachments, messages } from "../../src/db/schema.ts";
import { patch, put, uploadFile, type ApiErrorBody } from "../support/content.ts";
import { ownerWithMessage, startAutoconfirmApp, type OwnerWithMessage } from "../support/fixtures.ts";
import type { TestApp } from "../support/test-app.ts";
import { ageFixtures } from "./age-fixtures.ts";

let t: TestApp;
let age: Awaited<ReturnType<typeof ageFixtures>>;
const LIMIT = 65_536;
const pdf = Buffer.from("%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n");

beforeAll(async () => {
  t = await startAutoconfirmApp({ ATTACHMENT_MAX_BYTES: String(LIMIT) });
  age = await ageFixtures();
});
afterAll(() => t.close());

/** An owner with an unsealed message for one recipient (an emergency condition, so nothing fires on its own). */
const newMessage = () => ownerWithMessage(t, { condition_type: "panic_trigger" }, 1);
/** The editor's whole-form save of the fixture message, with `extra` (seal, unseal, removals). */
const save = (s: OwnerWithMessage, extra: Record<string, unknown>) =>
  put(s.owner, `/api/messages/${s.messageId}`, {
    title: "The spare key",
    text_content: "",
    recipient_ids: s.recipientIds,
    ...extra,
  });
const sealedUpload = (s: OwnerWithMessage, bytes: Buffer, name = "letter.pdf") =>
  uploadFileAt(s, `/api/messages/${s.messageId}/attachments?sealed=true`, bytes, name);
function uploadFileAt(s: OwnerWithMessage, path: string, bytes: Buffer, name: string) {
  const form = new FormData();
  form.append("file", new Blob([new Uint8Array(bytes)]), name);
  return s.owner.api(path, { method: "POST", body: form });
}
const row = async (id: string) => (await t.database.db.select().from(messages).where(eq(messages.id, id)))[0]!;
const errorOf = async (res: Response) => ((await res.json()) as ApiErrorBody).error;

async function sealedMessage() {
  const s = await newMessage();
  const res = await save(s, { seal: { text: age.armored, hint: "  The name of our first dog  " } });
  expect(res.status).toBe(200);
  return s;
}

describe("sealing a message", () => {
  it("stores the browser's age text and the hint, answers them to the owner, and keeps no text", async () => {
    const s = await sealedMessage();
    const body = (await (await s.owner.api(`/api/messages/${s.messageId}`)).json()) as Record<string, unknown>;
    expect(body).toMatchObject({
      text_content: "",
      sealed: { text: age.armored, hint: "The name of our first dog" },
    });
    const list = (await (await s.owner.api("/api/messages")).json()) as {
      id: string;
      preview: string;
      sealed: boolean;
    }[];
    expect(list.find((m) => m.id === s.messageId)).toMatchObject({ sealed: true, preview: "" });
    // At rest the ciphertext is wrapped by the server's key as well: no armor in the row.
    const stored = await row(s.messageId);
    expect(stored.sealedText).not.toContain("BEGIN AGE");
    expect(stored.sealedHint).not.toContain("first dog");
  });

  it("refuses plaintext sent to a sealed message, by save or by PATCH, and keeps the ciphertext", async () => {
    const s = await sealedMessage();
    const before = await row(s.messageId);
    const res = await save(s, { text_content: "The key is under the pot" });
    expect(res.status).toBe(409);
    expect((await errorOf(res)).fields).toHaveProperty("text_content");
    const patched = await patch(s.owner, `/api/messages/${s.messageId}`, { text_content: "The key is under the pot" });
    expect(patched.status).toBe(409);
    expect(await row(s.messageId)).toEqual(before);
  });

  it("refuses a seal carrying text_content too (400), nothing stored", async () => {
    const s = await newMessage();
    const res = await save(s, { text_content: "plain words", seal: { text: age.armored } });
    expect(res.status).toBe(400);
    expect((await errorOf(res)).fields).toHaveProperty("text_content");
    expect((await row(s.messageId)).sealedText).toBeNull();
  });

  it.each([
    ["not age at all", "hello, this is not encrypted"],
    ["an age file for a key instead of a passphrase", "x25519"],
    ["a passphrase file with a second recipient", "two"],
    ["a work factor below age's default", "weak"],
    ["armor cut short", "cut"],
  ])("refuses %s with a sentence, nothing stored", async (_what, kind) => {
    const text =
      kind === "x25519"
        ? age.x25519Armored
        : kind === "two"
          ? age.twoStanzasArmored
          : kind === "weak"
            ? age.weakArmored
            : kind === "cut"
              ? age.armored.split("\n").slice(0, 2).join("\n")
              : kind;
    const s = await newMessage();
    const res = await save(s, { seal: { text } });
    expect(res.status).toBe(400);
    const error = await errorOf(res);
    expect(error.message).toMatch(/^The sealed text was refused: .+\. Nothing was saved\.$/);
    expect(error.fields).toHaveProperty(["seal.text"]);
    expect((await row(s.messageId)).sealedText).toBeNull();
  });

  it("refuses to seal while unsealed files stay, and to unseal while sealed files stay", async () => {
    const s = await newMessage();
    const plain = (await (await uploadFile(s.owner, s.messageId, pdf, "plan.pdf")).json()) as { id: string };
    const refused = await save(s, { seal: { text: age.armored } });
    expect(refused.status).toBe(409);
    expect((await errorOf(refused)).fields).toHaveProperty("remove_attachment_ids");
    expect((await row(s.messageId)).sealedText).toBeNull();
    expect((await save(s, { seal: { text: age.armored }, remove_attachment_ids: [plain.id] })).status).toBe(200);

    const sealed = (await (await sealedUpload(s, age.file)).json()) as { id: string };
    expect((await save(s, { unseal: true, text_content: "Back to plain" })).status).toBe(409);
    const unsealed = await save(s, { unseal: true, text_content: "Back to plain", remove_attachment_ids: [sealed.id] });
    expect(unsealed.status).toBe(200);
    expect(await unsealed.json()).toMatchObject({ sealed: null, text_content: "Back to plain", attachments: [] });
    expect((await row(s.messageId)).sealedHint).toBeNull();
  });

  it("refuses to unseal a message that is not sealed", async () => {
    const s = await newMessage();
    expect((await save(s, { unseal: true, text_content: "words" })).status).toBe(409);
  });
});

describe("sealed files", () => {
  it("keeps a sealed file as it came, counts its plaintext size, and serves it back as name.age", async () => {
    const s = await sealedMessage();
    const res = await sealedUpload(s, age.file, "letter.pdf");
    expect(res.status).toBe(201);
    const body = (await res.json()) as { id: string; sealed: boolean; size_bytes: number; file_name: string };
    expect(body).toMatchObject({ sealed: true, size_bytes: "Sealed words".length, file_name: "letter.pdf" });
    const download = await s.owner.api(`/api/messages/${s.messageId}/attachments/${body.id}`);
    expect(download.headers.get("content-disposition")).toContain('filename="letter.pdf.age"');
    expect(Buffer.from(await download.arrayBuffer()).equals(age.file)).toBe(true);
  });

  it("takes a file armored as `age -a` writes it, and stores it binary", async () => {
    const s = await sealedMessage();
    const res = await sealedUpload(s, Buffer.from(age.armored), "note.txt");
    expect(res.status).toBe(201);
    const [stored] = await t.database.db
      .select()
      .from(messageAttachments)
      .where(eq(messageAttachments.messageId, s.messageId));
    expect(stored).toMatchObject({ sealed: true, sizeBytes: "Sealed words".length });
  });

  it("refuses a sealed file for a message that is not sealed, and a plain file for a sealed one", async () => {
    const plain = await newMessage();
    const toPlain = await sealedUpload(plain, age.file);
    expect(toPlain.status).toBe(409);
    expect((await errorOf(toPlain)).message).toMatch(/not sealed: seal the message before adding sealed files/);
    const sealed = await sealedMessage();
    const toSealed = await uploadFile(sealed.owner, sealed.messageId, pdf, "plan.pdf");
    expect(toSealed.status).toBe(409);
    expect((await errorOf(toSealed)).message).toMatch(/This message is sealed: its files must be sealed/);
    for (const id of [plain.messageId, sealed.messageId])
      expect(await t.database.db.select().from(messageAttachments).where(eq(messageAttachments.messageId, id))).toEqual(
        [],
      );
  });

  it.each([
    ["a plain PDF", () => pdf],
    ["an age file for a key", () => age.x25519File],
    ["an age file cut short", () => age.truncated],
  ])("refuses %s sent as sealed (415), nothing stored", async (_what, bytes) => {
    const s = await sealedMessage();
    const res = await sealedUpload(s, bytes());
    expect(res.status).toBe(415);
    expect((await errorOf(res)).message).toMatch(/^This sealed file was refused: .+\. Nothing was saved\.$/);
    expect(
      await t.database.db.select().from(messageAttachments).where(eq(messageAttachments.messageId, s.messageId)),
    ).toEqual([]);
  });

  it("refuses a sealed file whose plaintext is over the plan's size, like any file", async () => {
    const s = await sealedMessage();
    expect((await sealedUpload(s, age.ofSize(LIMIT))).status).toBe(201);
    const res = await sealedUpload(s, age.ofSize(LIMIT + 1));
    expect(res.status).toBe(403);
    expect((await errorOf(res)).code).toBe("plan_limit");
  });

  it("counts sealed files against the plan's number of files", async () => {
    const s = await sealedMessage();
    for (let i = 0; i < 10; i++) expect((await sealedUpload(s, age.file, `f${i}.txt`)).status).toBe(201);
    const res = await sealedUpload(s, age.file, "one-too-many.txt");
    expect(res.status).toBe(403);
    expect((await errorOf(res)).code).toBe("plan_limit");
  });
});
