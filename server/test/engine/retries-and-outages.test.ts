import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { deliveries, messageConditions, reminderDeliveryLog, reminderSchedule } from "../../src/db/schema.ts";
import { createMailer } from "../../src/mail/create-mailer.ts";
import { post } from "../support/content.ts";
import { HOUR, mailsTo, mailText, MINUTE, scheduleOf, setHeartbeat, tick, travel } from "../support/engine.ts";
import { type SmtpSink, startSmtpSink } from "../support/smtp-sink.ts";
import type { TestApp } from "../support/test-app.ts";
import { ownerWithMessage, startEngineTestApp } from "../support/fixtures.ts";

let sink: SmtpSink;
let t: TestApp;

beforeAll(async () => {
  sink = await startSmtpSink({ reject: (address) => address.startsWith("bounce") });
  t = await startEngineTestApp(sink);
});
afterAll(async () => {
  await t.close();
  await sink.close();
});

const finalRow = async (conditionId: string) =>
  (await scheduleOf(t, conditionId)).find((r) => r.reminderType === "final_delivery")!;
const logOf = (conditionId: string) =>
  t.database.db.select().from(reminderDeliveryLog).where(eq(reminderDeliveryLog.conditionId, conditionId));

describe("when the mail server is down", () => {
  it("retries with backoff and delivers once the server is back, logging every attempt", async () => {
    const mailServer = await startSmtpSink();
    await mailServer.stop();
    const broken = createMailer({
      smtpUrl: mailServer.url,
      from: "Trigger Switch <no-reply@localhost>",
      db: t.database.db,
    });
    const { conditionId, recipientEmails } = await ownerWithMessage(
      t,
      { condition_type: "no_check_in", hours_threshold: 1 },
      1,
    );
    await travel(t, HOUR);
    await tick(t, { mailer: broken });
    let row = await finalRow(conditionId);
    expect(row).toMatchObject({ status: "pending", attempts: 1 });
    expect(row.nextAttemptAt.getTime() - t.clock.now().getTime()).toBe(10_000);
    expect(
      (await t.database.db.select().from(messageConditions).where(eq(messageConditions.id, conditionId)))[0]!.active,
    ).toBe(false);

    await travel(t, 5_000);
    await tick(t, { mailer: broken });
    expect((await finalRow(conditionId)).attempts).toBe(1);

    await mailServer.start();
    await travel(t, 5_000);
    await tick(t, { mailer: broken });
    row = await finalRow(conditionId);
    expect(row).toMatchObject({ status: "sent", attempts: 2 });
    expect(mailsTo(mailServer, recipientEmails[0]!)).toHaveLength(1);
    // The recipient's delivery (the owner's notice of the release is logged beside it).
    expect(
      (await logOf(conditionId))
        .filter((l) => l.responseData.kind === "release")
        .map((l) => [l.attempt, l.deliveryStatus]),
    ).toEqual([
      [1, "failed"],
      [2, "sent"],
    ]);
    broken.close();
    await mailServer.close();
  });

  it("parks a reminder after its last attempt and tells the owner and the admins", async () => {
    const down = await startSmtpSink();
    await down.close();
    const broken = createMailer({ smtpUrl: down.url, from: "Trigger Switch <no-reply@localhost>", db: t.database.db });
    const { owner, conditionId } = await ownerWithMessage(
      t,
      { condition_type: "no_check_in", hours_threshold: 24, reminder_hours: [720] },
      1,
    );
    await travel(t, 12 * HOUR);
    for (const wait of [0, 1, 5, 15, 60, 360].map((m) => m * MINUTE)) {
      await travel(t, wait);
      await tick(t, { mailer: broken });
    }
    const reminder = (await scheduleOf(t, conditionId)).find((r) => r.reminderType === "reminder")!;
    expect(reminder).toMatchObject({ status: "parked", attempts: 6 });
    expect(reminder.lastError).toMatch(/ECONNREFUSED|connect/i);
    // The notices were queued when the row parked; they cannot go through the broken server, so
    // they wait in the queue with a retry ahead and arrive once mail works again.
    const queued = await t.database.db
      .select()
      .from(deliveries)
      .where(and(eq(deliveries.kind, "notice"), eq(deliveries.userId, owner.id)));
    expect(queued).toHaveLength(1);
    await tick(t, { mailer: broken });
    const [waiting] = await t.database.db.select().from(deliveries).where(eq(deliveries.id, queued[0]!.id));
    expect(waiting).toMatchObject({ status: "pending", attempts: 1, claimedBy: null });
    expect(waiting!.lastError).toMatch(/ECONNREFUSED|connect/i);
    expect(waiting!.nextAttemptAt!.getTime() - t.clock.now().getTime()).toBe(30_000);
    // Sealed in the queue: the title is not readable in the table.
    expect(JSON.stringify(waiting)).not.toMatch(/spare key/);
    expect(mailsTo(sink, owner.email)).toHaveLength(0);
    await travel(t, 30_000);
    await tick(t);
    expect(mailText(await sink.waitFor(owner.email))).toMatch(/send you a reminder about 'The spare key'/);
    expect(mailText(await sink.waitFor("ops@example.com"))).toMatch(/Delivery parked/);
    const [sent] = await t.database.db.select().from(deliveries).where(eq(deliveries.id, queued[0]!.id));
    expect(sent).toMatchObject({ status: "sent", attempts: 2 });
    broken.close();
  });

  it("parks at once on a permanent 5xx answer and tells the owner and the admins", async () => {
    const { owner, conditionId } = await ownerWithMessage(t, { condition_type: "no_check_in", hours_threshold: 1 }, 1);
    const recipient = await post(owner, "/api/recipients", {
      name: "Bounce",
      email: `bounce-${Date.now()}@example.com`,
    });
    const bounceId = ((await recipient.json()) as { id: string }).id;
    const messageId = (await finalRow(conditionId)).messageId;
    const ids = (
      (await (await owner.api(`/api/messages/${messageId}`)).json()) as { recipients: { id: string }[] }
    ).recipients.map((r) => r.id);
    await owner.api(`/api/messages/${messageId}/recipients`, {
      method: "PUT",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ recipient_ids: [...ids, bounceId] }),
    });
    await travel(t, HOUR);
    await tick(t);
    const row = await finalRow(conditionId);
    expect(row).toMatchObject({ status: "parked", attempts: 1 });
    expect(row.lastError).toMatch(/bounce-.*SMTP 550/);
    // The owner also gets the notice of the release itself; the parked notice is the one checked here.
    await expect
      .poll(() => mailsTo(sink, owner.email).some((m) => /We tried to deliver 'The spare key'/.test(mailText(m))))
      .toBe(true);
    expect(mailText(await sink.waitFor("ops@example.com"))).not.toMatch(/spare key/);
    expect(
      (await logOf(conditionId))
        .filter((l) => l.responseData.kind === "release")
        .map((l) => l.deliveryStatus)
        .sort(),
    ).toEqual(["failed", "sent"]);
  });
});

describe("the downtime guard", () => {
  it("moves deadlines that fell inside our outage by its length, releases nothing and tells the owner", async () => {
    const { owner, conditionId, recipientEmails } = await ownerWithMessage(
      t,
      { condition_type: "no_check_in", hours_threshold: 1 },
      1,
    );
    await owner.api("/api/profile", {
      method: "PUT",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ time_zone: "Asia/Tokyo" }),
    });
    await travel(t, 30 * MINUTE);
    const lastBeat = t.clock.now();
    t.clock.advance(2 * HOUR); // the engine was down: no heartbeat
    const result = await tick(t);
    expect(result.outage?.shifted).toBeGreaterThanOrEqual(1);
    expect(mailsTo(sink, recipientEmails[0]!)).toHaveLength(0);
    const condition = (await (await owner.api(`/api/conditions/${conditionId}`)).json()) as {
      next_deadline: string;
      summary: string;
    };
    expect(new Date(condition.next_deadline).getTime()).toBe(lastBeat.getTime() + 30 * MINUTE + 2 * HOUR);
    // The owner's sentence names the moved time and says why (not the deadline that no longer holds).
    expect(condition.summary).toMatch(
      /^Goes out .+ unless you check in\. .+ \(Moved by 2 hours because our service was down\.\)$/,
    );
    const outageMail = mailText(await sink.waitFor(owner.email));
    expect(outageMail).toMatch(/your deadlines were moved by 2 hours/);
    expect(outageMail).toMatch(/Your next deadline is now .+ \(Asia\/Tokyo time\)/);
    const pending = (await scheduleOf(t, conditionId)).filter((r) => r.status === "pending");
    expect(pending.map((r) => [r.reminderType, r.deadline.toISOString()])).toEqual([
      ["final_delivery", condition.next_deadline],
    ]);

    await travel(t, 30 * MINUTE);
    await tick(t);
    expect(mailsTo(sink, recipientEmails[0]!)).toHaveLength(1);
  });

  it("queues the outage notice durably: a dead mail server delays it, never drops it", async () => {
    const down = await startSmtpSink();
    await down.close();
    const broken = createMailer({ smtpUrl: down.url, from: "Trigger Switch <no-reply@localhost>", db: t.database.db });
    const { owner } = await ownerWithMessage(t, { condition_type: "no_check_in", hours_threshold: 1 }, 1);
    await travel(t, 30 * MINUTE);
    t.clock.advance(2 * HOUR);
    expect((await tick(t, { mailer: broken })).outage?.shifted).toBeGreaterThanOrEqual(1);
    const [notice] = await t.database.db
      .select()
      .from(deliveries)
      .where(and(eq(deliveries.kind, "notice"), eq(deliveries.userId, owner.id)));
    expect(notice).toMatchObject({ status: "pending", attempts: 1 });
    await travel(t, 30_000);
    await tick(t);
    expect(mailText(await sink.waitFor(owner.email))).toMatch(/your deadlines were moved by 2 hours/);
    broken.close();
  });

  it("does nothing after a short pause", async () => {
    await setHeartbeat(t, new Date(t.clock.now().getTime() - MINUTE));
    expect((await tick(t)).outage).toBeNull();
  });
});

describe("POST /functions/v1/send-reminder-emails", () => {
  it("runs a tick for a signed-in caller and answers success", async () => {
    const { owner, recipientEmails } = await ownerWithMessage(
      t,
      { condition_type: "no_check_in", hours_threshold: 1 },
      1,
    );
    await travel(t, HOUR);
    const res = await post(owner, "/functions/v1/send-reminder-emails", { action: "process", source: "test" });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ success: true, error: null });
    expect(mailsTo(sink, recipientEmails[0]!)).toHaveLength(1);
  });

  it("refuses a caller who is not signed in, and a wrong body", async () => {
    expect(
      (
        await fetch(`${t.url}/functions/v1/send-reminder-emails`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ action: "process" }),
        })
      ).status,
    ).toBe(401);
    const { owner } = await ownerWithMessage(t, { condition_type: "no_check_in", hours_threshold: 1 }, 1);
    expect((await post(owner, "/functions/v1/send-reminder-emails", { action: "delete" })).status).toBe(400);
  });
});

describe("the schedule follows the condition", () => {
  it("obsoletes pending rows when the condition is disarmed and restores them when it is armed", async () => {
    const { owner, conditionId } = await ownerWithMessage(t, { condition_type: "no_check_in", hours_threshold: 1 }, 1);
    await post(owner, `/api/conditions/${conditionId}/disarm`, {});
    expect((await scheduleOf(t, conditionId)).every((r) => r.status === "obsolete")).toBe(true);
    await post(owner, `/api/conditions/${conditionId}/arm`, {});
    expect((await scheduleOf(t, conditionId)).filter((r) => r.status === "pending")).toHaveLength(1);
    const rows = await t.database.db
      .select()
      .from(reminderSchedule)
      .where(eq(reminderSchedule.conditionId, conditionId));
    expect(rows.length).toBeGreaterThanOrEqual(1);
  });
});
