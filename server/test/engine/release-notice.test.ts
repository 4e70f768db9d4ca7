import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { nameRecipients, NAMES_SHOWN } from "../../src/engine/name-recipients.ts";
import { createCondition, createMessage, createRecipient, del, put } from "../support/content.ts";
import { HOUR, mailsTo, mailText, MINUTE, tick, travel } from "../support/engine.ts";
import { type SmtpSink, startSmtpSink } from "../support/smtp-sink.ts";
import type { TestApp } from "../support/test-app.ts";
import { signUpUser } from "../support/users.ts";
import { startEngineTestApp } from "../support/fixtures.ts";

// The owner's release notice names to whom the message went — by name and channel, never an
// address — through the real engine and a real SMTP server
// (docs/decisions/024-one-transaction-save-owner-releases-access-page.md).
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

let n = 0;
/** An owner whose message goes to the named people (by e-mail) after an hour's silence. */
async function releasedTo(names: string[]) {
  const owner = await signUpUser(t);
  await put(owner, "/api/profile", { first_name: "Alex", last_name: "Morgan", time_zone: "Europe/London" });
  const message = await createMessage(owner, { title: "The spare key", text_content: "It is under the blue pot." });
  const people = [];
  for (const name of names) {
    const email = `person${++n}-${Date.now()}@example.com`;
    people.push({ name, email, id: (await createRecipient(owner, { name, email })).id });
  }
  expect(
    (await put(owner, `/api/messages/${message.id}/recipients`, { recipient_ids: people.map((p) => p.id) })).status,
  ).toBe(200);
  await createCondition(owner, message.id, { condition_type: "no_check_in", hours_threshold: 1 });
  return { owner, messageId: message.id, people };
}

const noticeOf = (email: string) =>
  mailsTo(sink, email).filter((m) => /^Subject: Your message 'The spare key' was released\r?$/m.test(m.raw));

describe("the owner's release notice", () => {
  it("names the people it went to and how they are reached, never their addresses", async () => {
    const { owner, people } = await releasedTo(["Sam Lee", "Ada Byron"]);
    await travel(t, HOUR + MINUTE);
    await tick(t);
    const notices = noticeOf(owner.email);
    expect(notices).toHaveLength(1);
    const text = mailText(notices[0]!);
    expect(text).toMatch(/'The spare key' was released to 2 people on .+, because you did not check in in time\./);
    expect(text).toContain("Released to Ada Byron (e-mail) and Sam Lee (e-mail).");
    for (const p of people) expect(text).not.toContain(p.email);
    expect(text).not.toContain("blue pot");
    // The recipients' own mails went in the same pass.
    for (const p of people) expect(mailsTo(sink, p.email)).toHaveLength(1);
  });

  it(`names at most ${NAMES_SHOWN} people and counts the rest`, async () => {
    const { owner } = await releasedTo(["Grace", "Ada", "Kim", "Sam", "Lou", "Bo"]);
    await travel(t, HOUR + MINUTE);
    await tick(t);
    const text = mailText(noticeOf(owner.email)[0]!);
    expect(text).toContain("'The spare key' was released to 6 people on ");
    expect(text).toContain("Released to Ada (e-mail), Bo (e-mail), Grace (e-mail) and 3 others.");
  });

  it("still names the others when a recipient was deleted after the release, before the notice went", async () => {
    const { owner, people } = await releasedTo(["Sam Lee", "Ada Byron"]);
    await travel(t, HOUR + MINUTE);
    // The mail server is down for this tick: the release is committed, nothing is sent yet.
    await sink.stop();
    await tick(t);
    await sink.start();
    expect(noticeOf(owner.email)).toHaveLength(0);
    expect((await del(owner, `/api/recipients/${people[0]!.id}`)).status).toBe(200);
    await travel(t, 15 * MINUTE);
    await tick(t);
    const text = mailText(noticeOf(owner.email)[0]!);
    expect(text).toContain("Released to Ada Byron (e-mail) and a recipient you have since deleted.");
    expect(text).not.toContain(people[0]!.email);
  });
});

describe("nameRecipients", () => {
  const p = (name: string | null, channels: ("email" | "whatsapp" | "sms")[] = ["email"]) => ({ name, channels });

  it("lists up to four names in a sentence, alphabetically", () => {
    expect(nameRecipients([p("Sam Lee")])).toBe("Sam Lee");
    expect(nameRecipients([p("Sam Lee"), p("Ada Byron")])).toBe("Ada Byron and Sam Lee");
    expect(nameRecipients([p("Sam"), p("Ada"), p("Kim"), p("Bo")])).toBe("Ada, Bo, Kim and Sam");
  });

  it("counts the rest past four, never as a lone 'other'", () => {
    expect(nameRecipients([p("Sam"), p("Ada"), p("Kim"), p("Bo"), p("Lou")])).toBe("Ada, Bo, Kim and 2 others");
  });

  it("says how each is reached, in the order the channels are tried", () => {
    expect(nameRecipients([p("Sam Lee", ["whatsapp", "sms"]), p("Ada Byron")], { withChannels: true })).toBe(
      "Ada Byron (e-mail) and Sam Lee (WhatsApp, then SMS)",
    );
  });
});
