import { releasedMessageSchema } from "@trigger-switch/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { linkIn, mailsTo, mailText, tick } from "../support/engine.ts";
import { put } from "../support/content.ts";
import { startEngineTestApp } from "../support/fixtures.ts";
import { startSmtpSink, type SmtpSink } from "../support/smtp-sink.ts";
import type { TestApp } from "../support/test-app.ts";
import { panicMessage, press } from "../emergency/emergency-setup.ts";
import { ageFixtures } from "./age-fixtures.ts";

let sink: SmtpSink;
let t: TestApp;
let age: Awaited<ReturnType<typeof ageFixtures>>;

beforeAll(async () => {
  sink = await startSmtpSink();
  t = await startEngineTestApp(sink);
  age = await ageFixtures();
});
afterAll(async () => {
  await t.close();
  await sink.close();
});

/** An emergency message sealed with a hint and one sealed file, pressed and released by the engine. */
async function releasedSealedEmergency() {
  const s = await panicMessage(t, {}, 1);
  const saved = await put(s.owner, `/api/messages/${s.messageId}`, {
    title: "The spare key",
    text_content: "",
    recipient_ids: s.recipientIds,
    seal: { text: age.armored, hint: "Where we met" },
  });
  expect(saved.status).toBe(200);
  const form = new FormData();
  form.append("file", new Blob([new Uint8Array(age.file)]), "deeds.pdf");
  const upload = await s.owner.api(`/api/messages/${s.messageId}/attachments?sealed=true`, {
    method: "POST",
    body: form,
  });
  const file = (await upload.json()) as { id: string };
  expect((await press(s.owner, s.messageId)).status).toBe(200);
  await tick(t);
  const mail = mailsTo(sink, s.recipientEmails[0]!).at(-1)!;
  const token = new URL(linkIn(mail, `${t.url}/access/message/${s.messageId}?t=`)).searchParams.get("t")!;
  return { ...s, mail, token, fileId: file.id };
}

describe("a sealed message's release", () => {
  it("sends an emergency mail that says the message is sealed, with the link and without any text", async () => {
    const r = await releasedSealedEmergency();
    const text = mailText(r.mail);
    expect(text).toContain("sealed this message with a passphrase, so this e-mail cannot carry it");
    expect(text).not.toContain("(no text)");
    expect(text).not.toContain("BEGIN AGE");
    expect(text).not.toContain("Where we met");
  });

  it("gives the recipient the age text, the hint and the sealed file as name.age, byte for byte", async () => {
    const r = await releasedSealedEmergency();
    const res = await fetch(`${t.url}/api/access/${r.messageId}?t=${r.token}`);
    const body = releasedMessageSchema.parse(await res.json());
    expect(body).toMatchObject({
      state: "open",
      text_content: "",
      sealed: { text: age.armored, hint: "Where we met" },
      attachments: [{ id: r.fileId, name: "deeds.pdf", sealed: true, size: "Sealed words".length }],
    });
    const file = await fetch(`${t.url}/api/access/${r.messageId}/attachments/${r.fileId}?t=${r.token}`);
    expect(file.status).toBe(200);
    expect(file.headers.get("content-disposition")).toContain('filename="deeds.pdf.age"');
    expect(Buffer.from(await file.arrayBuffer()).equals(age.file)).toBe(true);
  });

  it("exports the sealed text and files as the age files they are, with how to open them", async () => {
    const r = await releasedSealedEmergency();
    const data = JSON.parse(await (await r.owner.api("/api/account/export")).text()) as {
      sealed_parts: string;
      messages: { id: string; text_content: string; sealed: unknown; attachments: Record<string, unknown>[] }[];
    };
    expect(data.sealed_parts).toContain("age -d");
    const message = data.messages.find((m) => m.id === r.messageId)!;
    expect(message).toMatchObject({ text_content: "", sealed: { text: age.armored, hint: "Where we met" } });
    expect(message.attachments[0]).toMatchObject({ sealed: true, age_file_name: "deeds.pdf.age" });
    expect(Buffer.from(message.attachments[0]!.content_base64 as string, "base64").equals(age.file)).toBe(true);
  });
});
