import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { channelReceipts, inboundMessages, messageConditions, reminderSchedule } from "../../src/db/schema.ts";
import { handled, startChannelsApp, newNumber, verifyNumber, type ChannelsTestApp } from "../support/channels.ts";
import { createCondition, createMessage } from "../support/content.ts";
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
/** The next message the number sends back to `to` after `count` earlier ones. */
const replyTo = async (to: string, count: number) => (await c.whatsapp.waitForMessage(to, count + 1)).text;
const sentTo = (to: string) => c.whatsapp.sent.filter((m) => m.to === to).length;

beforeAll(async () => {
  c = await startChannelsApp();
  owner = await signUpUser(c.t);
  number = newNumber();
  await verifyNumber(c, owner, number);
  const message = await createMessage(owner);
  conditionId = (await createCondition(owner, message.id, { condition_type: "no_check_in", hours_threshold: 24 })).id;
});
afterAll(() => c.close());

describe("Meta's webhook verification", () => {
  it("echoes the challenge for our verify token", async () => {
    const res = await fetch(
      `${c.t.url}/webhooks/whatsapp?hub.mode=subscribe&hub.verify_token=${c.whatsapp.env.WHATSAPP_VERIFY_TOKEN}&hub.challenge=1158201444`,
    );
    expect(res.status).toBe(200);
    expect(await res.text()).toBe("1158201444");
  });

  it("refuses a wrong verify token with 403 and a missing challenge with 400", async () => {
    expect(
      (await fetch(`${c.t.url}/webhooks/whatsapp?hub.mode=subscribe&hub.verify_token=wrong-token-123&hub.challenge=1`))
        .status,
    ).toBe(403);
    expect(
      (
        await fetch(
          `${c.t.url}/webhooks/whatsapp?hub.mode=subscribe&hub.verify_token=${c.whatsapp.env.WHATSAPP_VERIFY_TOKEN}`,
        )
      ).status,
    ).toBe(400);
    expect(
      (
        await fetch(
          `${c.t.url}/webhooks/whatsapp?hub.mode=subscribe&hub.verify_token=${c.whatsapp.env.WHATSAPP_VERIFY_TOKEN}&hub.challenge=<script>`,
        )
      ).status,
    ).toBe(400);
  });
});

describe("checking in by WhatsApp", () => {
  it("checks the owner in, answers with the next deadline in their time zone, and tells the open app at once", async () => {
    const socket = await subscribe(c.t, owner.accessToken);
    c.t.clock.advance(60 * 60 * 1000);
    const before = sentTo(number);
    const res = await c.whatsapp.receive(number, { text: "I'm fine" });
    expect(res.status).toBe(200);
    await handled(c, res.id);

    expect((await lastChecked())?.toISOString()).toBe(c.t.clock.now().toISOString());
    const update = await socket.next();
    expect(update).toMatchObject({
      type: "UPDATE",
      new: { id: conditionId, last_checked: c.t.clock.now().toISOString() },
    });
    socket.close();

    const deadline = new Date(c.t.clock.now().getTime() + 24 * 60 * 60 * 1000);
    const local = new Intl.DateTimeFormat("en-GB", {
      timeZone: "Europe/London",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    }).format(deadline);
    const text = await replyTo(number, before);
    expect(text).toMatch(/^Checked in\. Your next deadline is /);
    expect(text).toContain(local);
    expect(text).toContain("Europe/London time");
    const [row] = await c.t.database.db
      .select()
      .from(inboundMessages)
      .where(eq(inboundMessages.providerMessageId, res.id));
    expect(row).toMatchObject({ channel: "whatsapp", outcome: "checked_in", userId: owner.id, fromNumber: number });
  });

  it("checks in once when the same message id is delivered twice", async () => {
    c.t.clock.advance(60_000);
    const earlier = sentTo(number);
    const first = await c.whatsapp.receive(number, { text: "ok" });
    await replyTo(number, earlier);
    const at = await lastChecked();
    const before = sentTo(number);
    c.t.clock.advance(60_000);
    const again = await c.whatsapp.receive(number, { text: "ok", id: first.id });
    expect(again.status).toBe(200);
    expect(await lastChecked()).toEqual(at);
    await c.whatsapp.settled();
    await new Promise((r) => setTimeout(r, 200));
    expect(sentTo(number)).toBe(before); // and no second answer
  });

  it("says in its reply that the check-in cancelled a message set to go out on a date, never naming it", async () => {
    const someone = await signUpUser(c.t);
    const phone = newNumber();
    await verifyNumber(c, someone, phone);
    const dated = await createMessage(someone, { title: "For Grace on her birthday" });
    const deliverAt = new Date(c.t.clock.now().getTime() + 3 * 24 * 60 * 60_000).toISOString();
    await createCondition(someone, dated.id, { condition_type: "inactivity_to_date", deliver_at: deliverAt });
    c.t.clock.advance(60_000); // a check-in after the condition was armed: the owner is active, so it is cancelled
    const before = sentTo(phone);
    expect((await c.whatsapp.receive(phone, { text: "ok" })).status).toBe(200);
    const reply = await replyTo(phone, before);
    expect(reply).toContain(
      "This check-in also cancelled a message set to go out on a date unless you checked in: nothing will send it until you arm its condition again in the app.",
    );
    expect(reply).not.toContain("Grace");
  });

  it("answers STATUS with the deadline and does not check in", async () => {
    c.t.clock.advance(60_000);
    const at = await lastChecked();
    const before = sentTo(number);
    const res = await c.whatsapp.receive(number, { text: " status? " });
    expect(res.status).toBe(200);
    await handled(c, res.id);
    expect(await lastChecked()).toEqual(at);
    const text = await replyTo(number, before);
    expect(text).toMatch(/^Your next deadline is .* STATUS does not check you in/);
  });

  it("answers HELP with what the number does, without checking in", async () => {
    const at = await lastChecked();
    const before = sentTo(number);
    c.t.clock.advance(60_000);
    await handled(c, (await c.whatsapp.receive(number, { text: "HELP" })).id);
    expect(await lastChecked()).toEqual(at);
    const text = await replyTo(number, before);
    expect(text).toContain("send any text to this number to check in");
    expect(text).toContain("STATUS");
    expect(text).toContain(`${c.t.url}/dashboard`);
  });

  it("does not check in on a picture or a reaction, and says why", async () => {
    const at = await lastChecked();
    for (const type of ["image", "reaction"]) {
      const before = sentTo(number);
      c.t.clock.advance(60_000);
      const res = await c.whatsapp.receive(number, { type });
      expect(res.status).toBe(200);
      await handled(c, res.id);
      expect(await lastChecked()).toEqual(at);
      expect(await replyTo(number, before)).toMatch(/^Trigger Switch reads only text messages/);
    }
  });
});

describe("messages that do not check anyone in", () => {
  it("answers an unknown sender 200, explains once a day, and changes nothing", async () => {
    const stranger = newNumber();
    const at = await lastChecked();
    const first = await c.whatsapp.receive(stranger, { text: "hello" });
    expect(first.status).toBe(200);
    expect(await replyTo(stranger, 0)).toMatch(/^This number is not verified with Trigger Switch/);
    await handled(c, (await c.whatsapp.receive(stranger, { text: "hello?" })).id);
    await c.whatsapp.settled();
    await new Promise((r) => setTimeout(r, 200));
    expect(sentTo(stranger)).toBe(1);
    expect(await lastChecked()).toEqual(at);
    const [row] = await c.t.database.db
      .select()
      .from(inboundMessages)
      .where(eq(inboundMessages.providerMessageId, first.id));
    expect(row).toMatchObject({ outcome: "unknown_sender", userId: null });
  });

  it("does not let a saved but unverified number check its owner in", async () => {
    const other = await signUpUser(c.t);
    const unproven = newNumber();
    await (
      await other.api("/api/profile", {
        method: "PUT",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ first_name: "Bo", last_name: "Ng", whatsapp_number: unproven }),
      })
    ).json();
    const res = await c.whatsapp.receive(unproven, { text: "checking in" });
    expect(res.status).toBe(200);
    await handled(c, res.id);
    const [row] = await c.t.database.db
      .select()
      .from(inboundMessages)
      .where(eq(inboundMessages.providerMessageId, res.id));
    expect(row?.outcome).toBe("unknown_sender");
  });

  it("refuses a missing or wrong signature with 401 and changes nothing", async () => {
    const at = await lastChecked();
    const body = JSON.stringify({
      object: "whatsapp_business_account",
      entry: [
        {
          changes: [
            {
              field: "messages",
              value: {
                metadata: { phone_number_id: c.whatsapp.env.WHATSAPP_PHONE_NUMBER_ID },
                messages: [
                  { from: number.slice(1), id: "wamid.forged", timestamp: "1", type: "text", text: { body: "hi" } },
                ],
              },
            },
          ],
        },
      ],
    });
    c.t.clock.advance(60_000);
    expect((await c.whatsapp.post(body, null)).status).toBe(401);
    expect((await c.whatsapp.post(body, "sha256=" + "0".repeat(64))).status).toBe(401);
    expect((await c.whatsapp.post(body, "sha1=abc")).status).toBe(401);
    // Signed with another secret: a forgery.
    const { createHmac } = await import("node:crypto");
    expect(
      (await c.whatsapp.post(body, `sha256=${createHmac("sha256", "not-the-secret").update(body).digest("hex")}`))
        .status,
    ).toBe(401);
    expect(await lastChecked()).toEqual(at);
    expect(
      await c.t.database.db.select().from(inboundMessages).where(eq(inboundMessages.providerMessageId, "wamid.forged")),
    ).toEqual([]);
  });

  it("answers malformed JSON 400, a foreign event 200, and a non-E.164 sender 200, without a check-in", async () => {
    const at = await lastChecked();
    expect((await c.whatsapp.post("{not json")).status).toBe(400);
    expect((await c.whatsapp.post(JSON.stringify({ object: "page", entry: [] }))).status).toBe(200);
    expect((await c.whatsapp.post(JSON.stringify([1, 2, 3]))).status).toBe(200);
    const odd = JSON.stringify({
      object: "whatsapp_business_account",
      entry: [
        {
          changes: [
            {
              field: "messages",
              value: {
                metadata: { phone_number_id: c.whatsapp.env.WHATSAPP_PHONE_NUMBER_ID },
                messages: [{ from: "not-a-number", id: "wamid.odd", type: "text", text: { body: "hi" } }],
              },
            },
          ],
        },
      ],
    });
    expect((await c.whatsapp.post(odd)).status).toBe(200);
    const otherNumberId = odd.replace(c.whatsapp.env.WHATSAPP_PHONE_NUMBER_ID!, "999999999");
    expect((await c.whatsapp.post(otherNumberId)).status).toBe(200);
    expect(await lastChecked()).toEqual(at);
  });
});

describe("status webhooks", () => {
  it("records sent, delivered, read and failed once each, by the provider's message id", async () => {
    await c.whatsapp.sendStatus("wamid.status-test", "sent", number);
    await c.whatsapp.sendStatus("wamid.status-test", "delivered", number);
    await c.whatsapp.sendStatus("wamid.status-test", "delivered", number);
    await c.whatsapp.sendStatus("wamid.status-test", "read", number);
    const rows = await c.t.database.db
      .select()
      .from(channelReceipts)
      .where(eq(channelReceipts.providerMessageId, "wamid.status-test"));
    expect(rows.map((r) => r.status).sort()).toEqual(["delivered", "read", "sent"]);
    expect(rows[0]).toMatchObject({ channel: "whatsapp", recipient: number });

    await c.whatsapp.sendStatus("wamid.status-failed", "failed", number, {
      code: 131026,
      title: "Message undeliverable",
    });
    await c.whatsapp.sendStatus("wamid.status-later", "failed", number, {
      code: 131049,
      title: "This message was not delivered to maintain healthy ecosystem engagement.",
    });
    const [failed] = await c.t.database.db
      .select()
      .from(channelReceipts)
      .where(eq(channelReceipts.providerMessageId, "wamid.status-failed"));
    expect(failed).toMatchObject({ status: "failed", errorCode: "131026", permanent: true });
    const [later] = await c.t.database.db
      .select()
      .from(channelReceipts)
      .where(eq(channelReceipts.providerMessageId, "wamid.status-later"));
    expect(later).toMatchObject({ status: "failed", errorCode: "131049", permanent: false });
  });
});

describe("a check-in counts when the person sent it", () => {
  it("does not check in with a new message sent 10 days ago, and says so in the reply", async () => {
    c.t.clock.advance(60 * 60 * 1000);
    const at = await lastChecked();
    const before = sentTo(number);
    const sentAt = new Date(c.t.clock.now().getTime() - 10 * 24 * 60 * 60 * 1000);
    const res = await c.whatsapp.receive(number, { text: "I'm OK", sentAt });
    expect(res.status).toBe(200);
    await handled(c, res.id);
    expect(await lastChecked()).toEqual(at);
    expect(await replyTo(number, before)).toMatch(
      /^Your message sent on .* reached us only now, more than 24 hours later, so it did not check you in\. If you are OK, send a new message now\.$/,
    );
    const [row] = await c.t.database.db
      .select()
      .from(inboundMessages)
      .where(eq(inboundMessages.providerMessageId, res.id));
    expect(row).toMatchObject({ outcome: "too_old", userId: owner.id });
  });

  it("counts a message that arrives two hours late at the time it was sent", async () => {
    c.t.clock.advance(3 * 60 * 60 * 1000);
    const before = sentTo(number);
    // WhatsApp's timestamps are whole seconds.
    const sentAt = new Date(Math.floor((c.t.clock.now().getTime() - 2 * 60 * 60 * 1000) / 1000) * 1000);
    await handled(c, (await c.whatsapp.receive(number, { text: "ok", sentAt })).id);
    expect((await lastChecked())?.toISOString()).toBe(sentAt.toISOString());
    expect(await replyTo(number, before)).toMatch(/^Checked in\. Your next deadline is /);
  });

  it("never moves the last check-in back when a late message was sent before a later check-in", async () => {
    c.t.clock.advance(60 * 60 * 1000);
    await (await owner.api("/api/check-in", { method: "POST" })).json();
    const at = await lastChecked();
    const before = sentTo(number);
    c.t.clock.advance(60_000);
    await c.whatsapp.receive(number, { text: "ok", sentAt: new Date(at!.getTime() - 30 * 60 * 1000) });
    await replyTo(number, before);
    expect(await lastChecked()).toEqual(at);
  });

  it("drops the reminders a late check-in's deadline would put in the past, rather than sending them late", async () => {
    const other = await signUpUser(c.t);
    const theirs = newNumber();
    await verifyNumber(c, other, theirs);
    const message = await createMessage(other);
    // 24 hours without a check-in; reminders 23 hours and 1 hour before the deadline.
    const condition = await createCondition(other, message.id, {
      condition_type: "no_check_in",
      hours_threshold: 24,
      reminder_hours: [23 * 60, 60],
    });
    c.t.clock.advance(3 * 60 * 60 * 1000);
    const sentAt = new Date(Math.floor((c.t.clock.now().getTime() - 2 * 60 * 60 * 1000) / 1000) * 1000);
    const before = sentTo(theirs);
    await c.whatsapp.receive(theirs, { text: "ok", sentAt });
    await replyTo(theirs, before);
    const pending = await c.t.database.db
      .select({ at: reminderSchedule.scheduledAt, type: reminderSchedule.reminderType })
      .from(reminderSchedule)
      .where(and(eq(reminderSchedule.conditionId, condition.id), eq(reminderSchedule.status, "pending")));
    const deadline = sentAt.getTime() + 24 * 60 * 60 * 1000;
    expect(pending.map((p) => [p.type, p.at.getTime()]).sort()).toEqual(
      [
        ["final_delivery", deadline],
        ["reminder", deadline - 60 * 60 * 1000],
      ].sort(),
    );
  });

  // Held since the change: a provider's clock ahead of ours never dates a check-in in the future.
  it("takes a timestamp ahead of our clock as now", async () => {
    c.t.clock.advance(60 * 60 * 1000);
    const before = sentTo(number);
    await c.whatsapp.receive(number, { text: "ok", sentAt: new Date(c.t.clock.now().getTime() + 5 * 60 * 1000) });
    await replyTo(number, before);
    expect((await lastChecked())?.toISOString()).toBe(c.t.clock.now().toISOString());
  });
});
