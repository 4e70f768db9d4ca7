import type {
  ActiveConfirmation,
  ConditionConfirmation,
  ContactAnswerResult,
  ContactInvitation,
  ContactPage,
  ContactQuestion,
  TrustedContact,
} from "@trigger-switch/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { del, post, put } from "../support/content.ts";
import { HOUR, mailsTo, mailText, MINUTE, tick, travel } from "../support/engine.ts";
import { engineAppWithSink, ownerWithMessage } from "../support/fixtures.ts";
import type { SmtpSink } from "../support/smtp-sink.ts";
import type { TestApp } from "../support/test-app.ts";
import { signUpUser, type SignedInUser } from "../support/users.ts";

// The trusted contacts' routes end to end over HTTP (docs/decisions/041): the owner invites and
// sets a condition to ask first; the contact accepts from the mailed link, is asked when the
// deadline passes, and holds it; the owner sees who held it.
let t: TestApp;
let sink: SmtpSink;

beforeAll(async () => {
  ({ t, sink } = await engineAppWithSink());
});
afterAll(() => t?.close());

const publicPost = async (path: string, body: unknown) => {
  const res = await fetch(`${t.url}/api${path}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  return { status: res.status, headers: res.headers, json: (await res.json()) as unknown };
};
const tokenIn = (address: string, page: string) => {
  const mail = mailsTo(sink, address).at(-1);
  const match = mail && mailText(mail).match(new RegExp(`/contact/${page}\\?token=([A-Za-z0-9_-]+)`));
  if (!match) throw new Error(`no ${page} link mailed to ${address}`);
  return match[1]!;
};
const settings = { window_hours: 48, hold_days: 7, max_holds_in_a_row: 3, release_answers_needed: 1 };
let n = 0;

async function invited(owner: SignedInUser) {
  const address = `route-contact${++n}-${Date.now()}@example.com`;
  const res = await post(owner, "/api/trusted-contacts", { name: "Sam next door", channel: "email", address });
  expect(res.status).toBe(201);
  const contact = (await res.json()) as TrustedContact;
  await tick(t);
  return { contact, address, token: tokenIn(address, "invitation") };
}

describe("the trusted contacts' routes", () => {
  it("take a contact from invitation to a hold the owner sees", async () => {
    const s = await ownerWithMessage(t, { condition_type: "no_check_in", hours_threshold: 1 }, 1);
    const { contact, address, token } = await invited(s.owner);
    expect(contact).toMatchObject({ name: "Sam next door", state: "invited", channel: "email" });
    const invitationMail = mailText(mailsTo(sink, address)[0]!);
    expect(invitationMail).toContain("Alex asked you to be their trusted contact");
    expect(invitationMail).not.toContain("Sam next door");

    const lookup = await publicPost("/contact/invitation/lookup", { token });
    expect(lookup.json).toMatchObject({ owner_first_name: "Alex", status: "open", page_token: null });
    expect(lookup.headers.get("cache-control")).toBe("no-store");
    const accepted = (await publicPost("/contact/invitation", { token, answer: "accept" })).json as ContactInvitation;
    expect(accepted).toMatchObject({ status: "accepted", page_token: expect.any(String) });
    expect((await publicPost("/contact/invitation", { token, answer: "decline" })).json).toMatchObject({
      status: "accepted",
      page_token: null,
    });

    const on = await put(s.owner, `/api/conditions/${s.conditionId}/confirmation`, {
      enabled: true,
      ...settings,
      contact_ids: [contact.id],
    });
    expect(on.status).toBe(200);
    expect(((await on.json()) as ConditionConfirmation).stage.status).toBe("none");

    await travel(t, HOUR + MINUTE);
    await tick(t);
    // The condition says when it really goes out now, and why it moved.
    const { conditions } = (await (await s.owner.api(`/api/messages/${s.messageId}`)).json()) as {
      conditions: { next_deadline: string; deadline_moved_by: string | null; summary: string }[];
    };
    expect(conditions[0]).toMatchObject({
      next_deadline: new Date(t.clock.now().getTime() + 48 * HOUR).toISOString(),
      deadline_moved_by: "trusted_contacts",
      summary: expect.stringContaining("(Moved because your trusted contacts were asked.)"),
    });
    // The dashboard's list says the contacts are being asked.
    const asking = async () => (await (await s.owner.api("/api/confirmations")).json()) as ActiveConfirmation[];
    expect(await asking()).toEqual([
      expect.objectContaining({
        condition_id: s.conditionId,
        message_id: s.messageId,
        message_title: "The spare key",
        enabled: true,
        stage: expect.objectContaining({ status: "asking", asked: 1, answered: 0, closed_at: null }),
      }),
    ]);
    const question = tokenIn(address, "question");
    const asked = (await publicPost("/contact/question/lookup", { token: question })).json as ContactQuestion;
    expect(asked).toMatchObject({ owner_first_name: "Alex", status: "open", your_answer: null });
    expect(JSON.stringify(asked)).not.toMatch(/spare key|blue pot|friend/i);

    const heldAt = t.clock.now().toISOString();
    const held = (await publicPost("/contact/question", { token: question, answer: "hold" }))
      .json as ContactAnswerResult;
    expect(held).toMatchObject({ outcome: "recorded", question: { status: "held", your_answer: "hold" } });
    const again = (await publicPost("/contact/question", { token: question, answer: "release" }))
      .json as ContactAnswerResult;
    expect(again).toMatchObject({ outcome: "refused", question: { status: "held" } });

    const seen = (await (
      await s.owner.api(`/api/conditions/${s.conditionId}/confirmation`)
    ).json()) as ConditionConfirmation;
    expect(seen).toMatchObject({
      enabled: true,
      contact_ids: [contact.id],
      // When it was held, as stored and read back: the owner is told when.
      stage: { status: "held", held_by: "Sam next door", asked: 1, answered: 1, holds_in_a_row: 1, closed_at: heldAt },
    });

    expect(await asking()).toEqual([
      expect.objectContaining({ stage: expect.objectContaining({ status: "held", held_by: "Sam next door" }) }),
    ]);
    expect(await (await (await signUpUser(t)).api("/api/confirmations")).json()).toEqual([]);

    const diagnostic = (await (await s.owner.api(`/api/diagnostic/message/${s.messageId}`)).json()) as {
      confirmations: unknown[];
    };
    expect(diagnostic.confirmations).toEqual([
      expect.objectContaining({ condition_id: s.conditionId, stage: expect.objectContaining({ status: "held" }) }),
    ]);

    const page = (await publicPost("/contact/page/lookup", { token: accepted.page_token })).json as ContactPage;
    expect(page).toMatchObject({ owner_first_name: "Alex", state: "active" });
    expect((await publicPost("/contact/leave", { token: accepted.page_token })).json).toMatchObject({ state: "left" });
    expect(((await (await s.owner.api("/api/trusted-contacts")).json()) as TrustedContact[])[0]!.state).toBe("left");
    // Someone who stepped down is no longer among those the condition asks.
    const after = (await (
      await s.owner.api(`/api/conditions/${s.conditionId}/confirmation`)
    ).json()) as ConditionConfirmation;
    expect(after.contact_ids).toEqual([]);
  });

  it("refuse forged links, bad settings and another owner's condition or contact, with sentences", async () => {
    const s = await ownerWithMessage(t, { condition_type: "no_check_in", hours_threshold: 1 }, 1);
    const { contact } = await invited(s.owner);
    for (const path of ["/contact/invitation/lookup", "/contact/question/lookup", "/contact/page/lookup"]) {
      const res = await publicPost(path, { token: "not-a-real-link" });
      expect(res.status).toBe(404);
      expect(res.json).toMatchObject({ error: { message: expect.stringMatching(/This link does not work/) } });
    }
    const bad = await put(s.owner, `/api/conditions/${s.conditionId}/confirmation`, {
      enabled: true,
      ...settings,
      window_hours: 2,
      contact_ids: [contact.id],
    });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({
      error: { message: "Choose a confirmation window from 6 hours to 14 days." },
    });
    const stranger = await signUpUser(t);
    const theirs = await put(stranger, `/api/conditions/${s.conditionId}/confirmation`, {
      enabled: false,
      ...settings,
      contact_ids: [],
    });
    expect(theirs.status).toBe(404);
    expect((await del(stranger, `/api/trusted-contacts/${contact.id}`)).status).toBe(404);
    expect((await stranger.api(`/api/conditions/${s.conditionId}/confirmation`)).status).toBe(404);
  });
});
