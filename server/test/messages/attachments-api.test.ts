import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../support/test-app.ts";
import { signUpUser, type SignedInUser } from "../support/users.ts";
import { createMessage, uploadFile, type ApiErrorBody } from "../support/content.ts";

let t: TestApp;
let owner: SignedInUser;

const png = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAAABJRU5ErkJggg==",
  "base64",
);
const pdf = Buffer.from("%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n");
const mp4 = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from("ftypisom"), Buffer.alloc(16)]);
const m4a = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from("ftypM4A "), Buffer.alloc(16)]);
const docx = Buffer.concat([
  Buffer.from("PK\x03\x04", "latin1"),
  Buffer.alloc(26),
  Buffer.from("[Content_Types].xml....word/document.xml"),
]);
const zip = Buffer.concat([Buffer.from("PK\x03\x04", "latin1"), Buffer.alloc(26), Buffer.from("evil.exe")]);

beforeAll(async () => {
  t = await startTestApp({ AUTH_AUTOCONFIRM: "true", ATTACHMENT_MAX_BYTES: "65536", AVATAR_MAX_BYTES: "4096" });
  owner = await signUpUser(t);
});
afterAll(() => t.close());

describe("attachments", () => {
  it("recognises each accepted type by its content, whatever the client claims", async () => {
    const m = await createMessage(owner);
    const cases: [Buffer, string][] = [
      [png, "image/png"],
      [pdf, "application/pdf"],
      [mp4, "video/mp4"],
      [m4a, "audio/mp4"],
      [docx, "application/vnd.openxmlformats-officedocument.wordprocessingml.document"],
      [Buffer.from("Dear Sam,\nThe key is under the pot.\n"), "text/plain"],
    ];
    for (const [bytes, type] of cases) {
      const res = await uploadFile(owner, m.id, bytes, "whatever.exe", "application/x-msdownload");
      expect(res.status).toBe(201);
      expect(await res.json()).toMatchObject({
        content_type: type,
        size_bytes: bytes.length,
        file_name: "whatever.exe",
      });
    }
  });

  it("refuses zips, executables and binary junk with the accepted types named", async () => {
    const m = await createMessage(owner);
    for (const bytes of [zip, Buffer.from([0x4d, 0x5a, 0x90, 0x00, 0x03]), Buffer.from([0, 1, 2, 3])]) {
      const res = await uploadFile(owner, m.id, bytes, "x.zip");
      expect(res.status).toBe(415);
      expect(((await res.json()) as ApiErrorBody).error.message).toMatch(/Accepted: images/);
    }
  });

  it("serves a download only as an attachment, with nosniff and a sandbox", async () => {
    const m = await createMessage(owner);
    const html = Buffer.from("<html><script>alert(1)</script></html>\n");
    const up = (await (await uploadFile(owner, m.id, html, 'évil "page".html', "text/html")).json()) as {
      id: string;
      content_type: string;
    };
    expect(up.content_type).toBe("text/plain");
    const res = await owner.api(`/api/messages/${m.id}/attachments/${up.id}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/plain");
    expect(res.headers.get("content-disposition")).toBe(
      `attachment; filename="_vil _page_.html"; filename*=UTF-8''%C3%A9vil%20%22page%22.html`,
    );
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("content-security-policy")).toBe("default-src 'none'; sandbox");
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    expect(Buffer.from(await res.arrayBuffer()).equals(html)).toBe(true);
  });

  it("refuses a file over ATTACHMENT_MAX_BYTES with the limit in the message", async () => {
    const m = await createMessage(owner);
    const res = await uploadFile(owner, m.id, Buffer.concat([pdf, Buffer.alloc(70_000)]), "big.pdf");
    expect(res.status).toBe(413);
    expect(((await res.json()) as ApiErrorBody).error.message).toMatch(/at most 64 KB/);
  });

  it("accepts files larger than the avatar limit (the app-wide multipart default)", async () => {
    const m = await createMessage(owner);
    // 60 kB is over this app's avatar limit (4 kB): the attachment route sets its own.
    const res = await uploadFile(owner, m.id, Buffer.concat([pdf, Buffer.alloc(60_000)]), "ok.pdf");
    expect(res.status).toBe(201);
  });

  it("allows 10 attachments per message and refuses the 11th", async () => {
    const m = await createMessage(owner);
    for (let i = 0; i < 10; i++) expect((await uploadFile(owner, m.id, png, `p${i}.png`)).status).toBe(201);
    const fs = await import("node:fs");
    const blobs = () => fs.readdirSync(`${t.config.DATA_DIR}/attachments`).length;
    const before = blobs();
    const res = await uploadFile(owner, m.id, png, "p10.png");
    expect(res.status).toBe(403);
    expect(((await res.json()) as ApiErrorBody).error.message).toMatch(/10 attachments/);
    // The refused upload left no blob behind.
    expect(blobs()).toBe(before);
    const listed = ((await (await owner.api(`/api/messages/${m.id}`)).json()) as { attachments: unknown[] })
      .attachments;
    expect(listed).toHaveLength(10);
  });

  it("asks for a multipart body with a file", async () => {
    const m = await createMessage(owner);
    const res = await owner.api(`/api/messages/${m.id}/attachments`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{}",
    });
    expect(res.status).toBe(415);
    const form = new FormData();
    form.append("other", "text");
    expect((await owner.api(`/api/messages/${m.id}/attachments`, { method: "POST", body: form })).status).toBe(400);
  });

  it("deletes an attachment and its file", async () => {
    const m = await createMessage(owner);
    const fs = await import("node:fs");
    const before = fs.readdirSync(`${t.config.DATA_DIR}/attachments`).length;
    const up = (await (await uploadFile(owner, m.id, png, "x.png")).json()) as { id: string };
    expect(fs.readdirSync(`${t.config.DATA_DIR}/attachments`).length).toBe(before + 1);
    expect((await owner.api(`/api/messages/${m.id}/attachments/${up.id}`, { method: "DELETE" })).status).toBe(204);
    expect(fs.readdirSync(`${t.config.DATA_DIR}/attachments`).length).toBe(before);
    expect((await owner.api(`/api/messages/${m.id}/attachments/${up.id}`)).status).toBe(404);
  });
});
