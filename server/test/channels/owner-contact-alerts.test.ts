import type { ContactInvitation, TrustedContact } from "@trigger-switch/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  newNumber,
  startChannelsApp,
  verifyNumber,
  withOwnAddress,
  type ChannelsTestApp,
} from "../support/channels.ts";
import { createCondition, createMessage, post, publicPost, put } from "../support/content.ts";
import { HOUR, MINUTE, tick, travel } from "../support/engine.ts";
import { outboxMails } from "../support/outbox.ts";
import { signUpUser } from "../support/users.ts";

// The owner's alerts about their trusted contacts (docs/decisions/041) go to their messaging channels
// too, after the e-mail — WhatsApp and SMS answered by the local Graph API and Twilio servers, checked
// on the wire: that a contact asked for access, and the last alert when contacts are asked before a
// release. Neither names a message.
let c: ChannelsTestApp;

beforeAll(async () => {
  c = await startChannelsApp({ WHATSAPP_TEMPLATE_ACCESS_REQUEST: "access_request" });
});
afterAll(async () => {
  await c.close();
});

const visitorPost = (path: string, body: unknown) => publicPost(c.t.url, path, body);

/** An owner (Ada) whose reminders go to e-mail, WhatsApp and SMS, with a message and a contact who accepted. */
async function ownerWithContact() {
  const owner = withOwnAddress(await signUpUser(c.t));
  const number = newNumber();
  await verifyNumber(c, owner, number);
  expect((await put(owner, "/api/profile/channels/reminders", { channels: ["email", "whatsapp", "sms"] })).status).toBe(
    200,
  );
  const message = await createMessage(owner, { title: "The spare key", text_content: "It is under the blue pot." });
  const address = `sam-${Date.now()}-${Math.random().toString(36).slice(2)}@example.com`;
  const contact = (await (
    await post(owner, "/api/trusted-contacts", { name: "Sam next door", channel: "email", address })
  ).json()) as TrustedContact;
  await tick(c.t);
  const invitation = (await outboxMails(c.t, address))[0]!.text.match(/contact\/invitation\?token=([\w-]+)/)![1];
  const page = (
    (await visitorPost("/contact/invitation", { token: invitation, answer: "accept" })) as ContactInvitation
  ).page_token;
  return { owner, number, message, contact, page };
}

describe("the owner's alerts about their trusted contacts on their messaging channels", () => {
  it("follows the e-mail on WhatsApp (the template) and SMS, with who asked, when and the Deny link", async () => {
    const { owner, number, message, contact, page } = await ownerWithContact();
    await put(owner, `/api/messages/${message.id}/access-permissions`, {
      permissions: [{ contact_id: contact.id, waiting_hours: 72 }],
    });

    await visitorPost("/contact/access/request", { token: page, reason: "No answer since Sunday" });
    await tick(c.t);
    const mail = (await outboxMails(c.t, owner.email)).find((m) => m.subject.includes("asked for access"))!;
    const deny = mail.text.match(/(http\S+\/access-request\/deny\?token=[\w-]+)/)![1];

    const wa = c.whatsapp.sent.filter((m) => m.to === number && m.template?.name === "access_request");
    expect(wa).toHaveLength(1);
    const [firstName, who, when, link] = wa[0]!.template!.body;
    expect([firstName, who, link]).toEqual(["Ada", "Sam next door", deny]);
    expect(when).toMatch(/^\w{3} \d{1,2} \w{3}, \d\d:\d\d \(Europe\/London time\)$/);
    const sms = c.twilio.sent.filter((m) => m.to === number && m.body.includes("asked Trigger Switch for access"));
    expect(sms.map((m) => m.body)).toEqual([
      `Hi Ada, Sam next door, your trusted contact, asked Trigger Switch for access to your messages. Unless you deny it, it is released to them on ${when}. Deny: ${deny}`,
    ]);
    for (const sent of [JSON.stringify(wa[0]), sms[0]!.body]) {
      expect(sent).not.toContain("spare key");
      expect(sent).not.toContain("No answer since Sunday");
    }
  });

  it("sends the last alert before a release as the reminder it is, when the contacts are asked", async () => {
    const { owner, number, message, contact } = await ownerWithContact();
    const condition = await createCondition(owner, message.id, { condition_type: "no_check_in", hours_threshold: 1 });
    const on = await put(owner, `/api/conditions/${condition.id}/confirmation`, {
      enabled: true,
      window_hours: 48,
      hold_days: 7,
      max_holds_in_a_row: 3,
      release_answers_needed: 1,
      contact_ids: [contact.id],
    });
    expect(on.status).toBe(200);
    await travel(c.t, HOUR + MINUTE);
    await tick(c.t);
    const mail = (await outboxMails(c.t, owner.email)).find((m) => m.subject.endsWith("unless you check in"))!;
    const checkIn = mail.text.match(/(http\S+\/check-in\?token=[\w-]+)/)![1];
    const wa = c.whatsapp.sent.filter((m) => m.to === number && m.template?.name === "check_in_reminder");
    expect(wa).toHaveLength(1);
    const [firstName, when, link] = wa[0]!.template!.body;
    expect([firstName, link]).toEqual(["Ada", checkIn]);
    expect(mail.subject).toBe(`Your messages go out on ${when} unless you check in`);
    const sms = c.twilio.sent.filter((m) => m.to === number && m.body.includes("unless you check in"));
    expect(sms.map((m) => m.body)).toEqual([
      `Hi Ada, your Trigger Switch fires on ${when} unless you check in. Reply to this text to check in, or open ${checkIn}`,
    ]);
    expect(JSON.stringify([wa, sms])).not.toMatch(/spare key|Sam next door/);
  });
});
