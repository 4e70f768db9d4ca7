import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMasterKeys, type MasterKeys } from "../../src/crypto/master-keys.ts";
import { deliveries, reminderDeliveryLog, reminderSchedule } from "../../src/db/schema.ts";
import { enqueueOwnerPhoneNotices } from "../../src/engine/owner-notices.ts";
import {
  handled,
  newNumber,
  startChannelsApp,
  verifyNumber,
  withOwnAddress,
  type ChannelsTestApp,
} from "../support/channels.ts";
import { createCondition, createMessage, createRecipient, put } from "../support/content.ts";
import { HOUR, MINUTE, tick, travel } from "../support/engine.ts";
import { outboxMails } from "../support/outbox.ts";
import { signUpUser, type SignedInUser } from "../support/users.ts";

// The owner's release notice also goes to their messaging channels (the reminder
// route), after the e-mail, durably and once — WhatsApp and SMS answered by the local Graph API
// and Twilio servers, checked on the wire.
let c: ChannelsTestApp;
let masterKeys: MasterKeys;

beforeAll(async () => {
  c = await startChannelsApp({ WHATSAPP_TEMPLATE_RELEASE_NOTICE: "release_notice" });
  masterKeys = createMasterKeys({ config: c.t.config });
});
afterAll(async () => {
  await c.close();
});

/** An owner with a proven number and reminders on `channels`, whose message goes to Sam Lee (e-mail) after an hour's silence. */
async function ownerWithPhone(channels: string[]) {
  const owner = withOwnAddress(await signUpUser(c.t));
  const number = newNumber();
  await verifyNumber(c, owner, number);
  expect((await put(owner, "/api/profile/channels/reminders", { channels })).status).toBe(200);
  const message = await createMessage(owner, { title: "The spare key", text_content: "It is under the blue pot." });
  const samEmail = `sam-${Date.now()}-${Math.random().toString(36).slice(2)}@example.com`;
  const sam = await createRecipient(owner, { name: "Sam Lee", email: samEmail, channels: ["email"] });
  expect((await put(owner, `/api/messages/${message.id}/recipients`, { recipient_ids: [sam.id] })).status).toBe(200);
  const cond = await createCondition(owner, message.id, { condition_type: "no_check_in", hours_threshold: 1 });
  return { owner, number, messageId: message.id, conditionId: cond.id, samEmail };
}

const releaseRow = async (conditionId: string) => {
  const [row] = await c.t.database.db
    .select()
    .from(reminderSchedule)
    .where(and(eq(reminderSchedule.conditionId, conditionId), eq(reminderSchedule.reminderType, "final_delivery")));
  const ds = await c.t.database.db.select().from(deliveries).where(eq(deliveries.reminderId, row!.id));
  return {
    row: row!,
    release: ds.find((d) => d.kind === "release")!,
    notice: ds.find((d) => d.kind === "release_notice")!,
  };
};
const phoneNotices = (owner: SignedInUser) =>
  c.t.database.db
    .select()
    .from(deliveries)
    .where(
      and(
        eq(deliveries.kind, "notice"),
        eq(deliveries.userId, owner.id),
        inArray(deliveries.channel, ["whatsapp", "sms"]),
      ),
    );
const noticeTemplates = (number: string) =>
  c.whatsapp.sent.filter((m) => m.to === number && m.template?.name === "release_notice");
const smsTo = (number: string) =>
  c.twilio.sent.filter((m) => m.to === number && m.body.includes("released one of your messages"));

describe("the owner's release notice on their messaging channels", () => {
  it("follows the e-mail on WhatsApp (the template, outside the window) and SMS, naming when and to whom but not the message", async () => {
    const { owner, number, messageId, conditionId, samEmail } = await ownerWithPhone(["email", "whatsapp", "sms"]);
    await travel(c.t, HOUR + MINUTE);
    await tick(c.t);

    const mails = (await outboxMails(c.t, owner.email)).filter(
      (m) => m.subject === "Your message 'The spare key' was released",
    );
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain("Released to Sam Lee (e-mail).");

    const wa = noticeTemplates(number);
    expect(wa).toHaveLength(1);
    const [firstName, when, people, link] = wa[0]!.template!.body;
    expect(firstName).toBe("Ada");
    expect(when).toMatch(/^\w{3} \d{1,2} \w{3}, \d\d:\d\d \(Europe\/London time\)$/);
    expect(people).toBe("Sam Lee");
    expect(link).toBe(`${c.t.config.SITE_URL}/message/${messageId}`);
    const sms = smsTo(number);
    expect(sms).toHaveLength(1);
    expect(sms[0]!.body).toBe(
      `Hi Ada, Trigger Switch released one of your messages to Sam Lee on ${when}, because you did not check in in time. Details: ${link}`,
    );
    for (const sent of [JSON.stringify(wa[0]), sms[0]!.body]) {
      expect(sent).not.toContain("spare key");
      expect(sent).not.toContain("blue pot");
      expect(sent).not.toContain(samEmail);
    }

    // Queued once per channel, keyed by the notice mail's delivery, sent and logged with the provider's id.
    const { row, notice } = await releaseRow(conditionId);
    expect(row.status).toBe("sent");
    expect(notice.status).toBe("sent");
    const queued = await phoneNotices(owner);
    expect(queued.map((q) => [q.channel, q.status, q.idempotencyKey]).sort()).toEqual([
      ["sms", "sent", `notice:release-notice:${notice.id}:sms`],
      ["whatsapp", "sent", `notice:release-notice:${notice.id}:whatsapp`],
    ]);
    const log = await c.t.database.db
      .select()
      .from(reminderDeliveryLog)
      .where(
        inArray(
          reminderDeliveryLog.deliveryId,
          queued.map((q) => q.id),
        ),
      );
    expect(log.map((l) => [l.deliveryChannel, l.recipient, l.messageId, l.providerMessageId]).sort()).toEqual([
      ["sms", number, messageId, sms[0]!.sid],
      ["whatsapp", number, messageId, wa[0]!.id],
    ]);

    // Later passes send nothing again.
    await travel(c.t, HOUR);
    await tick(c.t);
    expect(noticeTemplates(number)).toHaveLength(1);
    expect(smsTo(number)).toHaveLength(1);
  });

  it("retries a temporary WhatsApp failure on its own, without a second SMS and without holding up the release", async () => {
    const { owner, number, conditionId, samEmail } = await ownerWithPhone(["email", "whatsapp", "sms"]);
    await travel(c.t, HOUR + MINUTE);
    // The recipient's mail and the owner's mail go first; the notices' sends are the next ones out.
    const before = c.whatsapp.sent.length;
    c.whatsapp.failNext(503, 131016, "Service unavailable");
    await tick(c.t);
    expect(c.whatsapp.sent.length).toBe(before);
    const { row, release } = await releaseRow(conditionId);
    expect(row.status).toBe("sent");
    expect(release.status).toBe("sent");
    expect((await outboxMails(c.t, samEmail)).map((m) => m.subject)).toEqual(["A message from Ada Lovelace"]);
    let [wa] = (await phoneNotices(owner)).filter((q) => q.channel === "whatsapp");
    expect(wa).toMatchObject({ status: "pending", attempts: 1, lastError: expect.stringContaining("131016") });
    expect(smsTo(number)).toHaveLength(1);

    await travel(c.t, wa!.nextAttemptAt!.getTime() - c.t.clock.now().getTime() + 1000);
    await tick(c.t);
    [wa] = (await phoneNotices(owner)).filter((q) => q.channel === "whatsapp");
    expect(wa).toMatchObject({ status: "sent", attempts: 2 });
    expect(noticeTemplates(number)).toHaveLength(1);
    expect(smsTo(number)).toHaveLength(1);
  });

  it("queues a notice's phone copies once, however often the same notice is queued", async () => {
    const owner = withOwnAddress(await signUpUser(c.t));
    const notice = {
      userId: owner.id,
      channel: "sms" as const,
      to: newNumber(),
      key: `release-notice:test-${owner.id}:sms`,
      text: "Hi",
      template: { template: "release_notice" as const, body: ["a", "b", "c", "d"] },
      about: { messageId: owner.id, conditionId: null, reminderId: null },
    };
    await enqueueOwnerPhoneNotices(c.t.database.db, { masterKeys, now: c.t.clock.now(), notices: [notice] });
    await enqueueOwnerPhoneNotices(c.t.database.db, { masterKeys, now: c.t.clock.now(), notices: [notice] });
    const rows = await phoneNotices(owner);
    expect(rows).toHaveLength(1);
    // Sent when due — unless the owner's route no longer has that channel: then it is not sent, and
    // says why in the row; a rule is not a fault, so nothing is logged as an error for the operator.
    const errors: string[] = [];
    await tick(c.t, { log: { info() {}, error: (_obj, msg) => errors.push(msg) } });
    expect(errors).toEqual([]);
    const [row] = await phoneNotices(owner);
    expect(row).toMatchObject({
      status: "failed",
      lastError: expect.stringMatching(/^Not sent: sms is not among the owner's reminder channels now/),
    });
    expect(c.twilio.sent.filter((m) => m.to === notice.to)).toHaveLength(0);
  });

  it("goes only to the channels the owner chose for reminders", async () => {
    const { owner, number } = await ownerWithPhone(["email", "sms"]);
    await travel(c.t, HOUR + MINUTE);
    await tick(c.t);
    expect(noticeTemplates(number)).toHaveLength(0);
    expect(smsTo(number)).toHaveLength(1);
    expect((await phoneNotices(owner)).map((q) => q.channel)).toEqual(["sms"]);
  });

  it("sends nothing to the phone of an owner whose reminders are e-mail only", async () => {
    const { owner, number } = await ownerWithPhone(["email"]);
    await travel(c.t, HOUR + MINUTE);
    await tick(c.t);
    expect(
      (await outboxMails(c.t, owner.email)).filter((m) => m.subject === "Your message 'The spare key' was released"),
    ).toHaveLength(1);
    expect(noticeTemplates(number)).toHaveLength(0);
    expect(smsTo(number)).toHaveLength(0);
    expect(await phoneNotices(owner)).toEqual([]);
  });
});

describe("without WHATSAPP_TEMPLATE_RELEASE_NOTICE", () => {
  const withoutTemplate = async (run: () => Promise<void>) => {
    const templates = c.t.config.whatsapp!.templates;
    templates.release_notice = null;
    try {
      await run();
    } finally {
      templates.release_notice = "release_notice";
    }
  };

  it("sends WhatsApp free text inside the 24-hour window", () =>
    withoutTemplate(async () => {
      const { number } = await ownerWithPhone(["email", "whatsapp"]);
      await travel(c.t, HOUR + MINUTE);
      // The owner has just written to us (STATUS does not check in): the window is open.
      const status = await c.whatsapp.receive(number, { text: "STATUS" });
      expect(status.status).toBe(200);
      await handled(c, status.id);
      await tick(c.t);
      const texts = c.whatsapp.sent.filter(
        (m) => m.to === number && m.type === "text" && m.text?.includes("released one of your messages"),
      );
      expect(texts).toHaveLength(1);
      expect(texts[0]!.text).toMatch(
        /^Hi Ada, Trigger Switch released one of your messages to Sam Lee on .+\. Details: http/,
      );
    }));

  it("outside the window sends no WhatsApp (the channel's rule: no template, no send), says why, and SMS still goes", () =>
    withoutTemplate(async () => {
      const { owner, number } = await ownerWithPhone(["email", "whatsapp", "sms"]);
      await travel(c.t, HOUR + MINUTE);
      await tick(c.t);
      expect(
        c.whatsapp.sent.filter((m) => m.to === number && (m.type === "text" || m.template?.name === "release_notice")),
      ).toHaveLength(0);
      expect(smsTo(number)).toHaveLength(1);
      const [wa] = (await phoneNotices(owner)).filter((q) => q.channel === "whatsapp");
      expect(wa).toMatchObject({
        status: "failed",
        lastError: expect.stringContaining("WHATSAPP_TEMPLATE_RELEASE_NOTICE"),
      });
      // The e-mail already told the owner: no mail about the missing WhatsApp copy.
      const subjects = (await outboxMails(c.t, owner.email)).map((m) => m.subject);
      expect(subjects).toContain("Your message 'The spare key' was released");
      expect(subjects.filter((s) => /WhatsApp/.test(s))).toEqual([]);
    }));
});
