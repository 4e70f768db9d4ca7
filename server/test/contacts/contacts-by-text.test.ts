import type { ChannelsInfo, ContactInvitation, TrustedContact } from "@trigger-switch/contracts";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contactPhoneChannels } from "../../src/contacts/contact-channels.ts";
import { closedMail } from "../../src/contacts/confirmation-mail.ts";
import { enqueueContactNotice } from "../../src/contacts/contact-notice.ts";
import { inviteTrustedContact } from "../../src/contacts/invite-contact.ts";
import { createMasterKeys } from "../../src/crypto/master-keys.ts";
import { AppError } from "../../src/errors.ts";
import { parseContactAnswer } from "../../src/contacts/answer-by-text.ts";
import { confirmationStages, deliveries, inboundMessages, trustedContacts } from "../../src/db/schema.ts";
import { armedForSam, handled, newNumber, startChannelsApp, type ChannelsTestApp } from "../support/channels.ts";
import { post, publicPost, put } from "../support/content.ts";
import { HOUR, MINUTE, tick, travel } from "../support/engine.ts";
import { outboxMails } from "../support/outbox.ts";
import type { SignedInUser } from "../support/users.ts";

// Trusted contacts on SMS and WhatsApp (docs/decisions/041), through the real server, its engine and
// inbox, with Twilio and the Graph API answered by local servers that speak their wire formats: the
// invitation and every later notice go by the contact's channel, and a reply of HOLD or RELEASE
// answers the open question as its link would.
let c: ChannelsTestApp;

beforeAll(async () => {
  c = await startChannelsApp({ WHATSAPP_TEMPLATE_CONTACT_NOTICE: "contact_notice" });
});
afterAll(async () => {
  await c.close();
});

const visitorPost = (path: string, body: unknown) => publicPost(c.t.url, path, body);

const smsTo = (number: string) => c.twilio.sent.filter((m) => m.to === number).map((m) => m.body);
const whatsappTo = (number: string) => c.whatsapp.sent.filter((m) => m.to === number);
const linkIn = (text: string, path: string) => new RegExp(`${path}\\?token=([\\w-]+)`).exec(text)?.[1];

/** Invites `number` on `channel` as a trusted contact of `owner`, and accepts through the link the text carried. */
async function contactBy(owner: SignedInUser, channel: "sms" | "whatsapp", number: string, name = "Sam next door") {
  const res = await post(owner, "/api/trusted-contacts", { name, channel, address: number });
  expect(res.status).toBe(201);
  const contact = (await res.json()) as TrustedContact;
  await tick(c.t);
  const invitationText =
    channel === "sms" ? smsTo(number).at(-1)! : whatsappTo(number).at(-1)!.template!.body.join(" ");
  const token = linkIn(invitationText, "/contact/invitation")!;
  const answered = (await visitorPost("/contact/invitation", { token, answer: "accept" })) as ContactInvitation;
  expect(answered.status).toBe("accepted");
  await tick(c.t);
  return contact;
}

async function askFirst(owner: SignedInUser, conditionId: string, contactIds: string[], releaseNeeded = 1) {
  const res = await put(owner, `/api/conditions/${conditionId}/confirmation`, {
    enabled: true,
    window_hours: 48,
    hold_days: 7,
    max_holds_in_a_row: 3,
    release_answers_needed: releaseNeeded,
    contact_ids: contactIds,
  });
  expect(res.status).toBe(200);
}

/** The deadline passes and the engine asks the contacts. */
async function reachDeadline() {
  await travel(c.t, HOUR + MINUTE);
  await tick(c.t);
}

/** Sam, an SMS contact of an owner whose message goes out after an hour, asked: the deadline has passed. */
async function samAskedBySms(recipient = `friend-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`) {
  const sam = newNumber();
  const s = await armedForSam(c, { email: recipient, channels: ["email"] });
  const contact = await contactBy(s.owner, "sms", sam);
  await askFirst(s.owner, s.conditionId, [contact.id]);
  await reachDeadline();
  return { sam, s, contact };
}

async function replySms(from: string, body: string) {
  const before = smsTo(from).length;
  const res = await c.twilio.receive(from, body);
  expect(res.status).toBe(200);
  await handled(c, res.sid);
  await c.twilio.waitForMessage(from, before + 1);
  return smsTo(from).at(-1)!;
}

const stageOf = async (conditionId: string) =>
  (await c.t.database.db.select().from(confirmationStages).where(eq(confirmationStages.conditionId, conditionId)))[0]
    ?.state;

describe("trusted contacts by SMS", () => {
  it("invites by text, asks by text, and a reply of HOLD holds the release and tells the owner", async () => {
    const sam = newNumber();
    const s = await armedForSam(c, { email: `friend-${Date.now()}@example.com`, channels: ["email"] });
    const contact = await contactBy(s.owner, "sms", sam);
    const [invitation, pageLink] = smsTo(sam);
    expect(invitation).toMatch(
      /^Trigger Switch: Ada asked you to be their trusted contact\. .*\/contact\/invitation\?token=/,
    );
    expect(pageLink).toMatch(/your page as Ada's trusted contact.*\/contact\?token=/);
    // Nothing went to an e-mail address, and the contact's texts never name the message.
    for (const text of smsTo(sam)) expect(text).not.toContain("spare key");

    await askFirst(s.owner, s.conditionId, [contact.id]);
    await reachDeadline();
    const question = smsTo(sam).at(-1)!;
    expect(question).toMatch(
      /^Trigger Switch: Have you been in touch with Ada since .*\? .*Reply HOLD if they are OK, or RELEASE if you cannot reach them, or answer here: .*\/contact\/question\?token=/,
    );
    expect(question).not.toContain("spare key");

    const reply = await replySms(sam, "hold");
    expect(reply).toBe("Thank you. Your answer that Ada is OK is recorded, and nothing is sent for now.");
    await tick(c.t);
    const held = (await outboxMails(c.t, s.owner.email)).filter((m) =>
      m.subject.startsWith("Sam next door said you are OK"),
    );
    expect(held).toHaveLength(1);
    expect(await stageOf(s.conditionId)).toMatchObject({ holdsInARow: 1 });
    const [row] = await c.t.database.db.select().from(inboundMessages).where(eq(inboundMessages.fromNumber, sam));
    expect(row).toMatchObject({ outcome: "contact_answer", text: null });

    // The hold closed the question: another HOLD changes nothing and says so.
    expect(await replySms(sam, "HOLD")).toMatch(/^Trigger Switch: no question to you is open right now/);
  });

  it("releases on a reply of RELEASE when one answer is enough, and tells the contact the question is closed", async () => {
    const recipient = `friend-${Date.now()}-r@example.com`;
    const { sam } = await samAskedBySms(recipient);
    const reply = await replySms(sam, "Release.");
    expect(reply).toBe(
      "Thank you. Your answer that you cannot reach Ada is recorded. What Ada prepared has now been sent to the people they chose.",
    );
    await tick(c.t);
    expect((await outboxMails(c.t, recipient)).length).toBe(1);
  });

  it("reminds by text halfway through the window, with a link of its own that answers", async () => {
    const { sam } = await samAskedBySms();
    const asked = linkIn(smsTo(sam).at(-1)!, "/contact/question");
    await travel(c.t, 24 * HOUR);
    await tick(c.t);
    const reminder = smsTo(sam).at(-1)!;
    expect(reminder).toMatch(/^Trigger Switch: Reminder: have you been in touch with Ada since /);
    const link = linkIn(reminder, "/contact/question");
    expect(link).toBeTruthy();
    expect(link).not.toBe(asked);
    expect(await visitorPost("/contact/question", { token: link, answer: "release" })).toMatchObject({
      outcome: "recorded",
      question: { your_answer: "release" },
    });
  });

  it("answers nothing when questions about two people are open at once, and sends the contact to the links", async () => {
    const sam = newNumber();
    const first = await armedForSam(c, { email: `a-${Date.now()}@example.com`, channels: ["email"] });
    const second = await armedForSam(c, { email: `b-${Date.now()}@example.com`, channels: ["email"] });
    await askFirst(first.owner, first.conditionId, [(await contactBy(first.owner, "sms", sam)).id]);
    await askFirst(second.owner, second.conditionId, [(await contactBy(second.owner, "sms", sam)).id]);
    await reachDeadline();
    expect(await replySms(sam, "HOLD")).toBe(
      "Trigger Switch: you have been asked about 2 people, so a reply cannot say which one you mean, and nothing changed. Please answer each with the link in its message.",
    );
    for (const s of [first, second])
      expect(await stageOf(s.conditionId)).toMatchObject({ kind: "confirming", answers: {} });
  });

  it("says plainly when nothing is open, and helps a contact who writes something else", async () => {
    const sam = newNumber();
    const s = await armedForSam(c, { email: `c-${Date.now()}@example.com`, channels: ["email"] });
    await contactBy(s.owner, "sms", sam);
    expect(await replySms(sam, "HOLD")).toMatch(/^Trigger Switch: no question to you is open right now/);
    expect(await replySms(sam, "who is this?")).toMatch(/^This is Trigger Switch\. You are someone's trusted contact/);
    // Help once a day, not to every text.
    const before = smsTo(sam).length;
    const res = await c.twilio.receive(sam, "hello?");
    await handled(c, res.sid);
    await c.twilio.settled();
    expect(smsTo(sam)).toHaveLength(before);
  });
});

describe("trusted contacts on WhatsApp", () => {
  it("invites with the contact template, then asks in free text once they have written, and counts the answer button", async () => {
    const sam = newNumber();
    const s = await armedForSam(c, { email: `d-${Date.now()}@example.com`, channels: ["email"] });
    const contact = await contactBy(s.owner, "whatsapp", sam);
    const [invitation] = whatsappTo(sam);
    expect(invitation).toMatchObject({ type: "template", template: { name: "contact_notice" } });
    expect(invitation!.template!.body[0]).toBe("Ada");
    expect(invitation!.template!.body[1]).toMatch(/\/contact\/invitation\?token=/);

    await askFirst(s.owner, s.conditionId, [contact.id]);
    // Sam writes first, so the question may go as free text inside WhatsApp's 24-hour window.
    await handled(c, (await c.whatsapp.receive(sam, { text: "Hi, got your invitation" })).id);
    await reachDeadline();
    const question = whatsappTo(sam).filter((m) => m.type === "text" && m.text?.includes("Have you been in touch"));
    expect(question).toHaveLength(1);
    const before = whatsappTo(sam).length;
    await handled(c, (await c.whatsapp.receive(sam, { text: "They’re OK — hold" })).id);
    await c.whatsapp.waitForMessage(sam, before + 1);
    expect(whatsappTo(sam).at(-1)!.text).toBe(
      "Thank you. Your answer that Ada is OK is recorded, and nothing is sent for now.",
    );
  });

  it("STOP steps the contact down; nothing more is sent to them", async () => {
    const sam = newNumber();
    const s = await armedForSam(c, { email: `e-${Date.now()}@example.com`, channels: ["email"] });
    const contact = await contactBy(s.owner, "whatsapp", sam);
    await askFirst(s.owner, s.conditionId, [contact.id]);
    await handled(c, (await c.whatsapp.receive(sam, { text: "STOP" })).id);
    const [row] = await c.t.database.db.select().from(trustedContacts).where(eq(trustedContacts.id, contact.id));
    expect(row!.state).toBe("left");
    await c.whatsapp.waitForMessage(sam, 3);
    expect(whatsappTo(sam).at(-1)!.text).toMatch(/^Trigger Switch: you have stepped down as a trusted contact/);
  });

  it("sends nothing more to a contact who left: no reminder, and not a notice queued before they left", async () => {
    const { sam, s, contact } = await samAskedBySms();
    // A notice already queued for later when Sam steps down (one on its way as they leave).
    await enqueueContactNotice(c.t.database.db, {
      masterKeys: createMasterKeys({ config: c.t.config }),
      now: c.t.clock.now(),
      sendAt: new Date(c.t.clock.now().getTime() + HOUR),
      userId: s.owner.id,
      ownerFirstName: "Alex",
      contact: { id: contact.id, channel: "sms", address: sam },
      key: `test:queued-before-leaving:${contact.id}`,
      content: closedMail(
        { ownerFirstName: "Alex", timeZone: "UTC", siteUrl: c.t.config.SITE_URL },
        { kind: "closed_by_check_in" },
      ),
    });
    const page = linkIn(smsTo(sam)[1]!, "/contact");
    expect((await visitorPost("/contact/leave", { token: page })) as object).toMatchObject({ state: "left" });
    const before = smsTo(sam).length;
    // Past halfway through the window, when the question's reminder would have been made.
    await travel(c.t, 25 * HOUR);
    await tick(c.t);
    expect(smsTo(sam)).toHaveLength(before);
    const toSam = await c.t.database.db.select().from(deliveries).where(eq(deliveries.address, sam));
    expect(toSam.filter((d) => d.idempotencyKey.endsWith(":reminder"))).toEqual([]);
    expect(toSam.filter((d) => d.status === "failed").map((d) => d.lastError)).toEqual([
      "Not sent: they are no longer a trusted contact.",
    ]);
  });
});

describe("where contacts can be reached", () => {
  it("says which channels reach contacts here, and refuses an invitation by one that is off", async () => {
    const info = (await (await fetch(`${c.t.url}/api/channels`)).json()) as ChannelsInfo;
    expect(info.sms.uses.trusted_contacts).toBe(true);
    expect(info.whatsapp.uses.trusted_contacts).toBe(true);
    const whatsapp = c.t.config.whatsapp!;
    expect(
      contactPhoneChannels({
        ...c.t.config,
        whatsapp: { ...whatsapp, templates: { ...whatsapp.templates, contact_notice: null } },
      }),
    ).toEqual(["sms"]);
    expect(contactPhoneChannels({ whatsapp: null, twilio: null })).toEqual([]);
    const s = await armedForSam(c, { email: `g-${Date.now()}@example.com`, channels: ["email"] });
    const refused = await inviteTrustedContact({
      db: c.t.database.db,
      clock: c.t.clock,
      masterKeys: createMasterKeys({ config: c.t.config }),
      siteUrl: c.t.config.SITE_URL,
      userId: s.owner.id,
      input: { name: "Sam", channel: "whatsapp", address: newNumber() },
      phoneChannels: ["sms"],
    }).catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).message).toBe(
      "This server does not send to trusted contacts by WhatsApp: invite them by SMS or e-mail.",
    );
  });

  it("reads the reply words and the answer buttons, and nothing else, as answers", () => {
    expect(["hold", " HOLD ", "Hold.", "They're OK — hold", "They’re OK — hold"].map(parseContactAnswer)).toEqual(
      Array(5).fill("hold"),
    );
    expect(["release", "RELEASE!", "I can't reach them — release"].map(parseContactAnswer)).toEqual(
      Array(3).fill("release"),
    );
    expect(["ok", "hold on", "yes", ""].map(parseContactAnswer)).toEqual([null, null, null, null]);
  });
});
