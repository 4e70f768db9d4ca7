import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../support/test-app.ts";
import { signUpUser, type SignedInUser } from "../support/users.ts";
import {
  createCondition,
  createMessage,
  createRecipient,
  del,
  patch,
  post,
  put,
  uploadFile,
  type ApiErrorBody,
} from "../support/content.ts";

let t: TestApp;
let owner: SignedInUser;
let other: SignedInUser;

beforeAll(async () => {
  t = await startTestApp({ AUTH_AUTOCONFIRM: "true" });
  owner = await signUpUser(t);
  other = await signUpUser(t);
});
afterAll(() => t.close());

describe("writing and reading a message", () => {
  it("creates a draft that says why it is not ready yet", async () => {
    const res = await post(owner, "/api/messages", { title: "  For Sam ", text_content: "Hello" });
    expect(res.status).toBe(201);
    const body = (await res.json()) as Record<string, unknown>;
    expect(body).toMatchObject({
      title: "For Sam",
      text_content: "Hello",
      share_location: false,
      location_latitude: null,
      recipients: [],
      conditions: [],
      attachments: [],
      ready: false,
    });
    expect((body.problems as string[]).join(" ")).toMatch(/at least one recipient.*trigger condition/);
  });

  it("becomes ready once it has a recipient and an armed condition", async () => {
    const message = await createMessage(owner);
    const sam = await createRecipient(owner);
    await put(owner, `/api/messages/${message.id}/recipients`, { recipient_ids: [sam.id] });
    await createCondition(owner, message.id);
    const res = await owner.api(`/api/messages/${message.id}?tz=Europe/London`);
    const body = (await res.json()) as {
      ready: boolean;
      problems: string[];
      recipients: { id: string }[];
      conditions: { summary: string; next_deadline: string }[];
    };
    expect(body).toMatchObject({ ready: true, problems: [] });
    expect(body.recipients.map((r) => r.id)).toEqual([sam.id]);
    expect(body.conditions[0]!.summary).toMatch(/^Goes out .* unless you check in/);
    expect(new Date(body.conditions[0]!.next_deadline).getTime()).toBe(t.clock.now().getTime() + 24 * 3600_000);
  });

  it("is ready with a recipient reached only by phone in local mode, where WhatsApp is kept in the local mailbox", async () => {
    const message = await createMessage(owner);
    const alan = await createRecipient(owner, { name: "Alan", email: null, phone: "+447700900456" });
    await put(owner, `/api/messages/${message.id}/recipients`, { recipient_ids: [alan.id] });
    await createCondition(owner, message.id);
    const body = (await (await owner.api(`/api/messages/${message.id}`)).json()) as {
      ready: boolean;
      problems: string[];
    };
    expect(body).toMatchObject({ ready: true, problems: [] });
  });

  it("lists titles and a 140-character preview, newest first", async () => {
    const long = await createMessage(owner, { title: "Long one", text_content: "é".repeat(300) });
    const res = await owner.api("/api/messages");
    expect(res.status).toBe(200);
    const list = (await res.json()) as { id: string; title: string; preview: string; text_content?: string }[];
    const entry = list.find((m) => m.id === long.id)!;
    expect(entry.preview).toBe("é".repeat(140));
    expect(entry.text_content).toBeUndefined();
    expect(list.every((m) => typeof m.title === "string")).toBe(true);
  });

  it("changes fields and keeps the others", async () => {
    const message = await createMessage(owner);
    const res = await patch(owner, `/api/messages/${message.id}`, {
      share_location: true,
      location_latitude: 51.5,
      location_longitude: -0.12,
      location_name: "London",
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      title: "For Sam",
      share_location: true,
      location_latitude: 51.5,
      location_longitude: -0.12,
      location_name: "London",
    });
  });
});

describe("attachments on the default settings", () => {
  it("accepts a 3 MB file, beyond the JSON body limit and the avatar limit", async () => {
    const message = await createMessage(owner);
    const video = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from("ftypmp42"), Buffer.alloc(3 * 1024 * 1024)]);
    const res = await uploadFile(owner, message.id, video, "clip.mp4", "video/mp4");
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({ content_type: "video/mp4", size_bytes: video.length });
  });
});

describe("message validation", () => {
  const fieldsOf = async (res: Response) => {
    expect(res.status).toBe(400);
    const body = (await res.json()) as ApiErrorBody;
    expect(body.error.code).toBe("validation_failed");
    return body.error.fields!;
  };

  it("wants a non-blank title of at most 200 characters", async () => {
    expect((await fieldsOf(await post(owner, "/api/messages", { title: "   " }))).title).toMatch(/title/);
    expect((await fieldsOf(await post(owner, "/api/messages", { title: "x".repeat(201) }))).title).toMatch(
      /at most 200/,
    );
    expect((await fieldsOf(await post(owner, "/api/messages", {}))).title).toMatch(/title/);
  });

  it("limits the text to 50,000 characters", async () => {
    expect(
      (await fieldsOf(await post(owner, "/api/messages", { title: "t", text_content: "x".repeat(50_001) })))
        .text_content,
    ).toMatch(/50,000/);
  });

  it("checks latitude and longitude ranges and that they come as a pair", async () => {
    const message = await createMessage(owner);
    expect(
      (
        await fieldsOf(
          await patch(owner, `/api/messages/${message.id}`, { location_latitude: 91, location_longitude: 0 }),
        )
      ).location_latitude,
    ).toMatch(/-90 and 90/);
    expect(
      (
        await fieldsOf(
          await patch(owner, `/api/messages/${message.id}`, { location_latitude: 0, location_longitude: -181 }),
        )
      ).location_longitude,
    ).toMatch(/-180 and 180/);
    expect(
      (await fieldsOf(await patch(owner, `/api/messages/${message.id}`, { location_latitude: 10 }))).location_longitude,
    ).toMatch(/together/);
  });

  it("refuses unknown fields and someone else's recipients", async () => {
    expect(await fieldsOf(await post(owner, "/api/messages", { title: "t", user_id: other.id }))).toBeDefined();
    const message = await createMessage(owner);
    const theirs = await createRecipient(other);
    expect(
      (await fieldsOf(await put(owner, `/api/messages/${message.id}/recipients`, { recipient_ids: [theirs.id] })))
        .recipient_ids,
    ).toMatch(/your own/);
  });
});

describe("deleting a message", () => {
  it("removes its conditions, recipient links and attachment files, but keeps the recipients", async () => {
    const message = await createMessage(owner);
    const sam = await createRecipient(owner);
    await put(owner, `/api/messages/${message.id}/recipients`, { recipient_ids: [sam.id] });
    const condition = await createCondition(owner, message.id);
    const fs = await import("node:fs");
    const blobs = () =>
      fs.existsSync(`${t.config.DATA_DIR}/attachments`) ? fs.readdirSync(`${t.config.DATA_DIR}/attachments`).length : 0;
    const before = blobs();
    const upload = await uploadFile(owner, message.id, Buffer.from("hello there\n"), "note.txt", "text/plain");
    const attachment = (await upload.json()) as { id: string };
    expect(blobs()).toBe(before + 1);

    expect((await del(owner, `/api/messages/${message.id}`)).status).toBe(204);
    expect((await owner.api(`/api/messages/${message.id}`)).status).toBe(404);
    expect((await owner.api(`/api/conditions/${condition.id}`)).status).toBe(404);
    expect((await owner.api(`/api/messages/${message.id}/attachments/${attachment.id}`)).status).toBe(404);
    expect((await owner.api(`/api/recipients/${sam.id}`)).status).toBe(200);
    const { rows } = await rawQuery(
      `select count(*)::int as n from message_recipients where message_id = '${message.id}'`,
    );
    expect(rows[0]!.n).toBe(0);
    expect(blobs()).toBe(before);
  });
});

// Plan limits on every create/update path: test/billing/plan-limits.test.ts.

async function rawQuery(sql: string): Promise<{ rows: Record<string, number>[] }> {
  const { sql: raw } = await import("drizzle-orm");
  const result = (await t.database.db.execute(raw.raw(sql))) as unknown as { rows: Record<string, number>[] };
  return result;
}
