import type { ContactInvitation, TrustedContact } from "@trigger-switch/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  newNumber,
  startChannelsApp,
  verifyNumber,
  withOwnAddress,
  type ChannelsTestApp,
} from "../support/channels.ts";
import { createMessage, post, put } from "../support/content.ts";
import { tick } from "../support/engine.ts";
import { outboxMails } from "../support/outbox.ts";
import { signUpUser } from "../support/users.ts";

// The owner's alert that a trusted contact asked for access (docs/decisions/041) goes to their
// messaging channels too, after the e-mail — WhatsApp and SMS answered by the local Graph API and
// Twilio servers, checked on the wire. Neither names a message.
let c: ChannelsTestApp;

beforeAll(async () => {
  c = await startChannelsApp({ WHATSAPP_TEMPLATE_ACCESS_REQUEST: "access_request" });
});
afterAll(async () => {
  await c.close();
});

const publicPost = async (path: string, body: unknown) =>
  (await (
    await fetch(`${c.t.url}/api${path}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    })
  ).json()) as unknown;

describe("the owner's alert of a request for access on their messaging channels", () => {
  it("follows the e-mail on WhatsApp (the template) and SMS, with who asked, when and the Deny link", async () => {
    const owner = withOwnAddress(await signUpUser(c.t));
    const number = newNumber();
    await verifyNumber(c, owner, number);
    expect(
      (await put(owner, "/api/profile/channels/reminders", { channels: ["email", "whatsapp", "sms"] })).status,
    ).toBe(200);
    const message = await createMessage(owner, { title: "The spare key", text_content: "It is under the blue pot." });
    const address = `sam-${Date.now()}@example.com`;
    const contact = (await (
      await post(owner, "/api/trusted-contacts", { name: "Sam next door", channel: "email", address })
    ).json()) as TrustedContact;
    await tick(c.t);
    const invitation = (await outboxMails(c.t, address))[0]!.text.match(/contact\/invitation\?token=([\w-]+)/)![1];
    const page = (
      (await publicPost("/contact/invitation", { token: invitation, answer: "accept" })) as ContactInvitation
    ).page_token;
    await put(owner, `/api/messages/${message.id}/access-permissions`, {
      permissions: [{ contact_id: contact.id, waiting_hours: 72 }],
    });

    await publicPost("/contact/access/request", { token: page, reason: "No answer since Sunday" });
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
});
