import { Writable } from "node:stream";
import {
  createCondition,
  createMessage,
  createRecipient,
  post,
  put,
  setRecipients,
  uploadFile,
} from "../../support/content.ts";
import { tick, travel, MINUTE } from "../../support/engine.ts";
import { startAutoconfirmApp } from "../../support/fixtures.ts";
import type { TestApp } from "../../support/test-app.ts";
import { signUpUser, type SignedInUser } from "../../support/users.ts";

/** The local mailbox's key in the suite's server (the operator's secret, docs/security.md). */
export const MAILBOX_KEY = "security-suite-mailbox-key-0123456789abcdef";

/**
 * One owner's whole life in the product, built through the API as a person would: a profile,
 * a recipient with a note, a message with an attachment and an emergency condition with an
 * unlock delay (pressed, so a release and mails exist), a second message whose reminder went
 * out (so a check-in link exists) and whose next reminder is due right now, a trusted contact
 * allowed to ask for the first message whose request is waiting. Another user and a
 * throwaway user (for the auth routes, which may sign it out) stand beside them.
 */
export interface World {
  t: TestApp;
  /** Every line the server logged, as written. */
  logLines: string[];
  owner: SignedInUser;
  other: SignedInUser;
  throwaway: SignedInUser;
  ids: {
    message: string;
    secondMessage: string;
    recipient: string;
    panicCondition: string;
    reminderCondition: string;
    attachment: string;
    release: string;
    contact: string;
    accessRequest: string;
  };
  /** Link secrets from the owner's and the recipient's mails. */
  secrets: { checkInToken: string; accessToken: string };
  /** What only the owner may ever be shown. */
  ownerMarkers: string[];
  /** What the owner wrote: never in plaintext in the database (docs/security.md). */
  contentMarkers: string[];
}

export const marks = {
  title: "Quillon-title For Rosalind",
  text: "Quillon-text The deeds are in the loft, behind the boiler.",
  secondTitle: "Quillon-second Weekly note",
  secondText: "Quillon-secondtext Feed the cat twice.",
  recipientName: "Rosalind Quillon-name",
  recipientEmail: "rosalind.quillon@example.net",
  note: "Quillon-note the safe code is in the atlas",
  attachmentName: "Quillon-attachment.txt",
  firstName: "Ottilie",
  contactName: "Quillon-contact Sam",
  reason: "Quillon-reason she missed our call",
  lastName: "Quillonbanks",
};

/** Reads mails from the local mailbox's JSON (with the operator's key). */
export async function mailboxMails(t: TestApp, to: string): Promise<{ subject: string; text: string }[]> {
  const res = await fetch(`${t.url}/dev/mailbox/messages.json?to=${encodeURIComponent(to)}&key=${MAILBOX_KEY}`);
  if (!res.ok) throw new Error(`mailbox answered ${res.status}`);
  return (await res.json()) as { subject: string; text: string }[];
}

export async function buildWorld(): Promise<World> {
  const logLines: string[] = [];
  const logStream = new Writable({
    write(chunk: Buffer, _enc, done) {
      logLines.push(...chunk.toString("utf8").split("\n").filter(Boolean));
      done();
    },
  });
  // TRUST_PROXY lets every request of the walk come from its own X-Forwarded-For address, so
  // per-IP rate limits never hide an answer behind a 429.
  const t = await startAutoconfirmApp(
    { JWT_EXPIRY: "86400", LOG_LEVEL: "info", TRUST_PROXY: "true", MAILBOX_KEY },
    { logStream },
  );
  const owner = await signUpUser(t);
  const other = await signUpUser(t);
  const throwaway = await signUpUser(t);
  await put(owner, "/api/profile", {
    first_name: marks.firstName,
    last_name: marks.lastName,
    whatsapp_number: "+447700900123",
    time_zone: "Europe/London",
  });

  const recipient = await createRecipient(owner, {
    name: marks.recipientName,
    email: marks.recipientEmail,
    note: marks.note,
  });
  const message = await createMessage(owner, { title: marks.title, text_content: marks.text });
  await setRecipients(owner, message.id, [recipient.id]);
  const upload = await uploadFile(
    owner,
    message.id,
    Buffer.from("Quillon-file The key is taped under the desk.\n"),
    marks.attachmentName,
    "text/plain",
  );
  const attachment = (await upload.json()) as { id: string };
  const panic = await createCondition(owner, message.id, {
    condition_type: "panic_trigger",
    panic_config: { unlock_delay_hours: 24 },
  });

  const second = await createMessage(owner, { title: marks.secondTitle, text_content: marks.secondText });
  await setRecipients(owner, second.id, [recipient.id]);
  const reminders = await createCondition(owner, second.id, {
    condition_type: "no_check_in",
    hours_threshold: 0,
    minutes_threshold: 30,
    reminder_hours: [20, 10],
  });

  // A trusted contact, invited now (the tick below mails the invitation), who accepts and asks below.
  const contactEmail = "sam.quillon@example.net";
  const contact = (await (
    await post(owner, "/api/trusted-contacts", { name: marks.contactName, channel: "email", address: contactEmail })
  ).json()) as { id: string };

  // The first reminder and the emergency go out; the second reminder is then due, waiting.
  await travel(t, 10 * MINUTE + 1000);
  const pressed = await post(owner, "/functions/v1/send-message-notifications", {
    messageId: message.id,
    isEmergency: true,
    forceSend: true,
  });
  if (pressed.status !== 200) throw new Error(`emergency press answered ${pressed.status}: ${await pressed.text()}`);
  await tick(t);
  // The contact accepts, may ask for the first message, and asks: the request waits.
  const invitation = (await mailboxMails(t, contactEmail))
    .map((m) => m.text.match(/contact\/invitation\?token=([\w-]+)/)?.[1])
    .find(Boolean);
  const publicPost = (path: string, body: unknown) =>
    fetch(`${t.url}/api${path}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    }).then(async (res) => (await res.json()) as { page_token?: string });
  const page = (await publicPost("/contact/invitation", { token: invitation, answer: "accept" })).page_token;
  await put(owner, `/api/messages/${message.id}/access-permissions`, {
    permissions: [{ contact_id: contact.id, waiting_hours: 72 }],
  });
  await publicPost("/contact/access/request", { token: page, reason: marks.reason });
  const [request] = (await (await owner.api("/api/access-requests")).json()) as { id: string; state: string }[];
  if (request?.state !== "waiting") throw new Error("the world's request for access is not waiting");
  await travel(t, 10 * MINUTE + 1000);

  const ownerMail = (await mailboxMails(t, owner.email)).find((m) => /check-in\?token=/.test(m.text));
  const recipientMail = (await mailboxMails(t, marks.recipientEmail)).find((m) => /\?t=/.test(m.text));
  const checkInToken = ownerMail?.text.match(/check-in\?token=([\w-]+)/)?.[1];
  const accessToken = recipientMail?.text.match(/\?t=([\w-]+)/)?.[1];
  if (!checkInToken || !accessToken) throw new Error("the world's mails did not carry their links");
  const releases = (await (await owner.api(`/api/messages/${message.id}/releases`)).json()) as { release_id: string }[];

  return {
    t,
    logLines,
    owner,
    other,
    throwaway,
    ids: {
      message: message.id,
      secondMessage: second.id,
      recipient: recipient.id,
      panicCondition: panic.id,
      reminderCondition: reminders.id,
      attachment: attachment.id,
      release: releases[0]!.release_id,
      contact: contact.id,
      accessRequest: request.id,
    },
    secrets: { checkInToken, accessToken },
    ownerMarkers: [
      marks.title,
      marks.text,
      marks.secondTitle,
      marks.secondText,
      marks.recipientName,
      marks.recipientEmail,
      marks.note,
      marks.attachmentName,
      marks.firstName,
      marks.lastName,
      marks.contactName,
      marks.reason,
      owner.email,
    ],
    contentMarkers: [
      marks.title,
      marks.text,
      marks.secondTitle,
      marks.secondText,
      marks.recipientName,
      marks.note,
      marks.attachmentName,
      "Quillon-file",
      marks.contactName,
      marks.reason,
    ],
  };
}
