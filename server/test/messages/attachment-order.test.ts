import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { post, put, uploadFile, type ApiErrorBody } from "../support/content.ts";
import { HOUR, linkIn, mailsTo, MINUTE, tick, travel } from "../support/engine.ts";
import { type SmtpSink, startSmtpSink } from "../support/smtp-sink.ts";
import type { TestApp } from "../support/test-app.ts";
import { signUpUser, type SignedInUser } from "../support/users.ts";
import { startEngineTestApp } from "../support/fixtures.ts";

// The one-transaction save keeps the order the owner arranged attachments in,
// and every list of them (the owner's message, the recipient's access page) follows it.
const png = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAAABJRU5ErkJggg==",
  "base64",
);
const pdf = Buffer.from("%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n");

interface Saved {
  id: string;
  title: string;
  attachments: { id: string; file_name: string }[];
}

let sink: SmtpSink;
let t: TestApp;

beforeAll(async () => {
  sink = await startSmtpSink();
  t = await startEngineTestApp(sink);
});
afterAll(async () => {
  await t.close();
  await sink.close();
});

const form = (recipientId: string, extra: Record<string, unknown> = {}) => ({
  title: "For Sam",
  text_content: "The deeds are in the blue folder.",
  recipient_ids: [recipientId],
  ...extra,
});
const names = (m: Saved) => m.attachments.map((a) => a.file_name);
const read = async (owner: SignedInUser, id: string) =>
  (await (await owner.api(`/api/messages/${id}`)).json()) as Saved;

/** A saved message for Sam with three files uploaded in the order one, two, three. */
async function withThreeFiles() {
  const owner = await signUpUser(t);
  await put(owner, "/api/profile", { first_name: "Alex", last_name: "Morgan" });
  const samEmail = `sam-${Date.now()}-${Math.random().toString(36).slice(2)}@example.com`;
  const sam = (await (await post(owner, "/api/recipients", { name: "Sam", email: samEmail })).json()) as { id: string };
  const created = await post(
    owner,
    "/api/messages/save",
    form(sam.id, { add_conditions: [{ condition_type: "no_check_in", hours_threshold: 1 }] }),
  );
  expect(created.status).toBe(201);
  const { id } = (await created.json()) as Saved;
  const ids: Record<string, string> = {};
  for (const [name, bytes] of [
    ["one.png", png],
    ["two.pdf", pdf],
    ["three.png", png],
  ] as const) {
    const res = await uploadFile(owner, id, bytes, name);
    expect(res.status).toBe(201);
    ids[name] = ((await res.json()) as { id: string }).id;
  }
  return { owner, id, samId: sam.id, samEmail, ids };
}

describe("attachment order in the one-transaction save", () => {
  it("keeps upload order until the owner arranges them, then that order everywhere; left out, nothing moves", async () => {
    const { owner, id, samId, ids } = await withThreeFiles();
    expect(names(await read(owner, id))).toEqual(["one.png", "two.pdf", "three.png"]);

    // Listed first in the given order; the one not listed keeps its place after them.
    const res = await put(
      owner,
      `/api/messages/${id}`,
      form(samId, { attachment_order: [ids["three.png"], ids["one.png"]] }),
    );
    expect(res.status).toBe(200);
    expect(names((await res.json()) as Saved)).toEqual(["three.png", "one.png", "two.pdf"]);
    expect(names(await read(owner, id))).toEqual(["three.png", "one.png", "two.pdf"]);
    const listed = (await (await owner.api("/api/messages")).json()) as { id: string; attachment_count: number }[];
    expect(listed.find((m) => m.id === id)?.attachment_count).toBe(3);

    // An editor that does not send the order changes nothing.
    expect((await put(owner, `/api/messages/${id}`, form(samId, { title: "For Sam (edited)" }))).status).toBe(200);
    expect(names(await read(owner, id))).toEqual(["three.png", "one.png", "two.pdf"]);

    // A removal and an order together: the rest renumbered, a new upload goes last.
    const both = await put(
      owner,
      `/api/messages/${id}`,
      form(samId, { remove_attachment_ids: [ids["one.png"]], attachment_order: [ids["two.pdf"], ids["three.png"]] }),
    );
    expect(names((await both.json()) as Saved)).toEqual(["two.pdf", "three.png"]);
    expect((await uploadFile(owner, id, pdf, "four.pdf")).status).toBe(201);
    expect(names(await read(owner, id))).toEqual(["two.pdf", "three.png", "four.pdf"]);
  });

  it("refuses an order naming a file of another message, and saves nothing of that request", async () => {
    const { owner, id, samId, ids } = await withThreeFiles();
    const other = await withThreeFiles();
    const res = await put(
      owner,
      `/api/messages/${id}`,
      form(samId, { title: "Changed", attachment_order: [other.ids["two.pdf"], ids["one.png"]] }),
    );
    expect(res.status).toBe(404);
    expect(((await res.json()) as ApiErrorBody).error.fields).toEqual({
      attachment_order: "lists a file that is not attached to this message",
    });
    const after = await read(owner, id);
    expect(after.title).toBe("For Sam");
    expect(names(after)).toEqual(["one.png", "two.pdf", "three.png"]);
  });

  it("refuses a file both removed and ordered, or listed twice (400)", async () => {
    const { owner, id, samId, ids } = await withThreeFiles();
    const removed = await put(
      owner,
      `/api/messages/${id}`,
      form(samId, { remove_attachment_ids: [ids["one.png"]], attachment_order: [ids["one.png"]] }),
    );
    expect(removed.status).toBe(400);
    expect(((await removed.json()) as ApiErrorBody).error.fields).toHaveProperty("attachment_order");
    const twice = await put(
      owner,
      `/api/messages/${id}`,
      form(samId, { attachment_order: [ids["two.pdf"], ids["two.pdf"]] }),
    );
    expect(twice.status).toBe(400);
    expect(names(await read(owner, id))).toEqual(["one.png", "two.pdf", "three.png"]);
  });

  it("shows the recipient the attachments in the owner's order on the access page", async () => {
    const { owner, id, samId, samEmail, ids } = await withThreeFiles();
    expect(
      (
        await put(
          owner,
          `/api/messages/${id}`,
          form(samId, { attachment_order: [ids["two.pdf"], ids["three.png"], ids["one.png"]] }),
        )
      ).status,
    ).toBe(200);
    await travel(t, HOUR + MINUTE);
    await tick(t);
    const link = linkIn(mailsTo(sink, samEmail)[0]!, `${t.url}/access/message/${id}?t=`);
    const res = await fetch(`${t.url}/api/access/${id}?t=${new URL(link).searchParams.get("t")}`);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { attachments: { name: string }[] };
    expect(body.attachments.map((a) => a.name)).toEqual(["two.pdf", "three.png", "one.png"]);
  });
});
