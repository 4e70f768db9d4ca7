import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { channelReceipts, inboundMessages, messageConditions, profiles } from "../../src/db/schema.ts";
import { handled, startChannelsApp, newNumber, verifyNumber, type ChannelsTestApp } from "../support/channels.ts";
import { createCondition, createMessage, put } from "../support/content.ts";
import { subscribe } from "../support/realtime-client.ts";
import { signUpUser, type SignedInUser } from "../support/users.ts";

let c: ChannelsTestApp;
let owner: SignedInUser;
let number: string;
let conditionId: string;

const lastChecked = async () =>
  (
    await c.t.database.db
      .select({ at: messageConditions.lastChecked })
      .from(messageConditions)
      .where(eq(messageConditions.id, conditionId))
  )[0]!.at;
const smsTo = (to: string) => c.twilio.sent.filter((m) => m.to === to);

beforeAll(async () => {
  c = await startChannelsApp();
  owner = await signUpUser(c.t);
  number = newNumber();
  await verifyNumber(c, owner, number, "sms");
  conditionId = (await createCondition(owner, (await createMessage(owner)).id)).id;
});
afterAll(() => c.close());

describe("checking in by SMS", () => {
  it("checks the owner in from their verified number, answers by SMS with the next deadline, and tells the open app", async () => {
    const socket = await subscribe(c.t, owner.accessToken);
    c.t.clock.advance(30 * 60 * 1000);
    const before = smsTo(number).length;
    const res = await c.twilio.receive(number, "ok");
    expect(res.status).toBe(200);
    expect(res.body).toBe('<?xml version="1.0" encoding="UTF-8"?><Response></Response>');
    await handled(c, res.sid);
    expect(await lastChecked()).toEqual(c.t.clock.now());
    expect(await socket.next()).toMatchObject({ type: "UPDATE", new: { id: conditionId } });
    socket.close();
    const reply = await c.twilio.waitForMessage(number, before + 1);
    expect(reply.body).toMatch(/^Checked in\. Your next deadline is .*Europe\/London time/);
    expect(reply.statusCallback).toBe(`${c.t.url}/webhooks/twilio/status`);
  });

  it("records the answer's delivery from Twilio's signed status callbacks", async () => {
    const reply = smsTo(number).at(-1)!;
    await c.twilio.settled();
    const rows = await c.t.database.db
      .select()
      .from(channelReceipts)
      .where(eq(channelReceipts.providerMessageId, reply.sid));
    expect(rows.map((r) => r.status).sort()).toEqual(["delivered", "sent"]);
  });

  it("checks in once when Twilio delivers the same MessageSid twice", async () => {
    c.t.clock.advance(60_000);
    const first = await c.twilio.receive(number, "here");
    await handled(c, first.sid);
    const at = await lastChecked();
    c.t.clock.advance(60_000);
    expect((await c.twilio.receive(number, "here", { sid: first.sid })).status).toBe(200);
    expect(await lastChecked()).toEqual(at);
    expect(
      await c.t.database.db.select().from(inboundMessages).where(eq(inboundMessages.providerMessageId, first.sid)),
    ).toHaveLength(1);
  });

  it("refuses a missing or wrong X-Twilio-Signature with 401 and changes nothing", async () => {
    const at = await lastChecked();
    c.t.clock.advance(60_000);
    const params = {
      AccountSid: c.twilio.accountSid,
      MessageSid: `SM${"a".repeat(32)}`,
      From: number,
      To: c.twilio.from,
      Body: "hi",
      NumMedia: "0",
    };
    expect((await c.twilio.postSigned(`${c.t.url}/webhooks/twilio/sms`, params, null)).status).toBe(401);
    expect((await c.twilio.postSigned(`${c.t.url}/webhooks/twilio/sms`, params, "bm90IGEgc2lnbmF0dXJl")).status).toBe(
      401,
    );
    // Signed for another URL (a replay against another endpoint) does not pass either.
    const twilio = (await import("twilio")).default;
    const elsewhere = twilio.getExpectedTwilioSignature(
      c.twilio.authToken,
      "https://example.com/webhooks/twilio/sms",
      params,
    );
    expect((await c.twilio.postSigned(`${c.t.url}/webhooks/twilio/sms`, params, elsewhere)).status).toBe(401);
    // Tampered after signing: the body no longer matches.
    const signed = twilio.getExpectedTwilioSignature(c.twilio.authToken, `${c.t.url}/webhooks/twilio/sms`, params);
    expect(
      (await c.twilio.postSigned(`${c.t.url}/webhooks/twilio/sms`, { ...params, From: "+15551234567" }, signed)).status,
    ).toBe(401);
    expect(await lastChecked()).toEqual(at);
    const status = { AccountSid: c.twilio.accountSid, MessageSid: `SM${"b".repeat(32)}`, MessageStatus: "delivered" };
    expect((await c.twilio.postSigned(`${c.t.url}/webhooks/twilio/status`, status, null)).status).toBe(401);
    expect(
      await c.t.database.db
        .select()
        .from(channelReceipts)
        .where(eq(channelReceipts.providerMessageId, status.MessageSid)),
    ).toEqual([]);
  });

  it("answers a picture without text, a non-E.164 sender and missing fields without checking in", async () => {
    const at = await lastChecked();
    c.t.clock.advance(60_000);
    const before = smsTo(number).length;
    expect((await c.twilio.receive(number, "", { numMedia: 1 })).status).toBe(200);
    expect((await c.twilio.waitForMessage(number, before + 1)).body).toMatch(
      /^Trigger Switch reads only text messages/,
    );
    expect((await c.twilio.receive("07700900123", "hi")).status).toBe(200);
    expect(
      (await c.twilio.postSigned(`${c.t.url}/webhooks/twilio/sms`, { AccountSid: c.twilio.accountSid, Body: "hi" }))
        .status,
    ).toBe(400);
    expect(await lastChecked()).toEqual(at);
  });

  it("takes STOP as an opt-out: no check-in, no answer (Twilio sends its own), SMS off the reminder channels", async () => {
    expect((await put(owner, "/api/profile/channels/reminders", { channels: ["email", "sms"] })).status).toBe(200);
    const at = await lastChecked();
    const before = smsTo(number).length;
    c.t.clock.advance(60_000);
    const stop = await c.twilio.receive(number, "STOP");
    expect(stop.status).toBe(200);
    await handled(c, stop.sid);
    expect(await lastChecked()).toEqual(at);
    const [profile] = await c.t.database.db
      .select({ channels: profiles.reminderChannels })
      .from(profiles)
      .where(eq(profiles.id, owner.id));
    expect(profile?.channels).toEqual(["email"]);
    await new Promise((r) => setTimeout(r, 200));
    expect(smsTo(number)).toHaveLength(before);
  });

  it("records an undelivered SMS as a failure with Twilio's error code", async () => {
    const sid = `SM${"c".repeat(32)}`;
    const res = await c.twilio.postSigned(`${c.t.url}/webhooks/twilio/status`, {
      AccountSid: c.twilio.accountSid,
      MessageSid: sid,
      MessageStatus: "undelivered",
      ErrorCode: "30006",
      To: number,
    });
    expect(res.status).toBe(200);
    const [row] = await c.t.database.db
      .select()
      .from(channelReceipts)
      .where(eq(channelReceipts.providerMessageId, sid));
    expect(row).toMatchObject({ status: "failed", providerStatus: "undelivered", errorCode: "30006", permanent: true });
  });
});
