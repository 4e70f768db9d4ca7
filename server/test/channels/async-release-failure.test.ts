import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listStuckDeliveries } from "../../src/admin/list-stuck-deliveries.ts";
import { deliveries, reminderDeliveryLog, reminderSchedule } from "../../src/db/schema.ts";
import { armedForSam, newNumber, startChannelsApp, type ChannelsTestApp } from "../support/channels.ts";
import { createRecipient, del, put } from "../support/content.ts";
import type { Mailer } from "../../src/mail/mailer.ts";
import { HOUR, MINUTE, tick, travel } from "../support/engine.ts";
import { outboxMails } from "../support/outbox.ts";
import { until } from "../support/until.ts";

// A provider that accepts a send and reports its failure later (Meta's 131026 status webhook) must
// lead where the same failure answered at once leads: the next channel, or the release parked.
let c: ChannelsTestApp;
beforeAll(async () => {
  c = await startChannelsApp();
});
afterAll(async () => {
  await c.close();
});

const armed = (recipient: Parameters<typeof armedForSam>[1]) => armedForSam(c, recipient);

const releaseOf = async (conditionId: string) => {
  const { db } = c.t.database;
  const [row] = await db
    .select()
    .from(reminderSchedule)
    .where(and(eq(reminderSchedule.conditionId, conditionId), eq(reminderSchedule.reminderType, "final_delivery")));
  const [delivery] = await db
    .select()
    .from(deliveries)
    .where(and(eq(deliveries.reminderId, row!.id), eq(deliveries.kind, "release")));
  return { row: row!, delivery: delivery! };
};

/** Ticks until the engine has nothing left to do for now (reopened work, the notices it queued). */
async function settle() {
  for (let i = 0; i < 4; i++) {
    await c.whatsapp.settled();
    await c.twilio.settled();
    await tick(c.t);
  }
}

const subjectsTo = async (address: string) => (await outboxMails(c.t, address)).map((m) => m.subject).sort();

describe("a release whose WhatsApp send is accepted and then reported undeliverable (131026)", () => {
  it("is parked like the same failure answered at once, listed for the admin, and its owner told once", async () => {
    const phone = newNumber();
    c.whatsapp.notOnWhatsApp.add(phone);
    const { owner, conditionId } = await armed({ phone, channels: ["whatsapp"] });
    await travel(c.t, HOUR + MINUTE);
    await settle();

    const { row, delivery } = await releaseOf(conditionId);
    expect(row.status).toBe("parked");
    expect(row.lastError).toContain("131026");
    expect(delivery).toMatchObject({ status: "failed", lastError: expect.stringContaining("131026") });
    const stuck = await listStuckDeliveries({ db: c.t.database.db });
    expect(stuck.find((s) => s.id === row.id)).toMatchObject({ status: "parked", reminder_type: "final_delivery" });

    expect(await subjectsTo(owner.email)).toEqual([
      "Sam has not received your message",
      "Your message 'The spare key' was released",
    ]);
    // The release notice went before the failure was known: it promised nothing the failure undoes.
    const notice = (await outboxMails(c.t, owner.email)).find((m) => m.subject.endsWith("was released"))!;
    expect(notice.text).not.toContain("can read it now");
    expect(notice.text).toContain("if it cannot reach someone, we will tell you.");
  });

  it("goes on to the recipient's next channel when one is left", async () => {
    const phone = newNumber();
    c.whatsapp.notOnWhatsApp.add(phone);
    const { owner, conditionId } = await armed({ phone, channels: ["whatsapp", "sms"] });
    await travel(c.t, HOUR + MINUTE);
    await settle();

    const { row, delivery } = await releaseOf(conditionId);
    expect(c.twilio.sent.filter((m) => m.to === phone)).toHaveLength(1);
    expect(row.status).toBe("sent");
    expect(delivery.status).toBe("sent");
    const log = await c.t.database.db
      .select()
      .from(reminderDeliveryLog)
      .where(eq(reminderDeliveryLog.deliveryId, delivery.id))
      .orderBy(reminderDeliveryLog.createdAt);
    expect(log.map((l) => [l.deliveryChannel, l.deliveryStatus === "failed" ? "failed" : "sent"])).toEqual([
      ["whatsapp", "failed"],
      ["sms", "sent"],
    ]);
    expect(await subjectsTo(owner.email)).toEqual([
      "WhatsApp could not reach Sam",
      "Your message 'The spare key' was released",
    ]);
  });
  it("is parked, never mailed to the number, when the recipient was deleted before WhatsApp reported it", async () => {
    const phone = newNumber();
    c.whatsapp.quiet.add(phone);
    const { owner, conditionId, recipientId } = await armed({ phone, channels: ["whatsapp"] });
    await travel(c.t, HOUR + MINUTE);
    await settle();
    expect((await del(owner, `/api/recipients/${recipientId}`)).status).toBe(200);
    const { delivery: sent } = await releaseOf(conditionId);
    const [attempt] = await c.t.database.db
      .select()
      .from(reminderDeliveryLog)
      .where(eq(reminderDeliveryLog.deliveryId, sent.id));
    await c.whatsapp.sendStatus(attempt!.providerMessageId!, "failed", phone, {
      code: 131026,
      title: "Message undeliverable",
    });
    await settle();

    const { row, delivery } = await releaseOf(conditionId);
    expect(row.status).toBe("parked");
    expect(delivery.status).toBe("failed");
    expect(await outboxMails(c.t, phone)).toEqual([]);
  });
});

describe("a WhatsApp failure that arrives after the send was written but before its release was settled", () => {
  it("does not leave the release as sent: it is parked once the engine looks again", async () => {
    const phone = newNumber();
    c.whatsapp.quiet.add(phone);
    const { owner, messageId, conditionId, recipientId } = await armed({ phone, channels: ["whatsapp"] });
    // A second recipient, by e-mail: the release is settled once both sends are over.
    const kimEmail = `kim-${Date.now()}@example.com`;
    const kim = await createRecipient(owner, { name: "Kim", email: kimEmail, channels: ["email"] });
    const linked = await put(owner, `/api/messages/${messageId}/recipients`, { recipient_ids: [recipientId, kim.id] });
    expect(linked.status).toBe(200);
    await travel(c.t, HOUR + MINUTE);
    const samsDelivery = async () => {
      const { row } = await releaseOf(conditionId);
      const [delivery] = await c.t.database.db
        .select()
        .from(deliveries)
        .where(and(eq(deliveries.reminderId, row.id), eq(deliveries.recipientId, recipientId)));
      return delivery!;
    };
    // While Kim's mail is on its way, Sam's WhatsApp attempt is written as sent, and only then does
    // Meta report the failure.
    const mailer: Mailer = {
      kind: c.t.mailer.kind,
      close: () => c.t.mailer.close(),
      async send(mail) {
        if (mail.to === kimEmail) {
          const delivery = await until(
            () => samsDelivery(),
            (d) => d.status === "sent",
          );
          const [attempt] = await c.t.database.db
            .select()
            .from(reminderDeliveryLog)
            .where(eq(reminderDeliveryLog.deliveryId, delivery.id));
          const answer = await c.whatsapp.sendStatus(attempt!.providerMessageId!, "failed", phone, {
            code: 131026,
            title: "Message undeliverable",
          });
          expect(answer.status).toBe(200);
        }
        await c.t.mailer.send(mail);
      },
    };
    await tick(c.t, { mailer });
    expect((await releaseOf(conditionId)).row.status).not.toBe("sent");
    await settle();
    const { row } = await releaseOf(conditionId);
    expect(row.status).toBe("parked");
    expect((await samsDelivery()).status).toBe("failed");
    expect(await outboxMails(c.t, kimEmail)).toHaveLength(1);
    expect(await subjectsTo(owner.email)).toEqual([
      "Sam has not received your message",
      "Your message 'The spare key' was released",
    ]);
  });
});

describe("a release whose only channel refuses at once", () => {
  it("is parked and its owner told once, by the notice that names the recipient", async () => {
    const phone = newNumber();
    const { owner, conditionId } = await armed({ phone, channels: ["sms"] });
    await travel(c.t, HOUR + MINUTE);
    c.twilio.failNext(400, 21211, "Invalid 'To' Phone Number");
    await settle();

    const { row } = await releaseOf(conditionId);
    expect(row.status).toBe("parked");
    expect(await subjectsTo(owner.email)).toEqual([
      "Sam has not received your message",
      "Your message 'The spare key' was released",
    ]);
  });
});
