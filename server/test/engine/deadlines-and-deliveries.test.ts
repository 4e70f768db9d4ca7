import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accessGrants, messageConditions, reminderDeliveryLog, sentReminders } from "../../src/db/schema.ts";
import { post } from "../support/content.ts";
import { HOUR, linkIn, mailsTo, mailText, MINUTE, scheduleOf, tick, travel } from "../support/engine.ts";
import { type SmtpSink, startSmtpSink } from "../support/smtp-sink.ts";
import type { TestApp } from "../support/test-app.ts";
import { signUpUser } from "../support/users.ts";
import { ownerWithMessage, startEngineTestApp } from "../support/fixtures.ts";

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

const conditionOf = async (id: string) =>
  (await t.database.db.select().from(messageConditions).where(eq(messageConditions.id, id)))[0]!;

describe("check-in", () => {
  it("succeeds silently for a user without conditions", async () => {
    const user = await signUpUser(t);
    const res = await post(user, "/api/check-in", {});
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      success: true,
      checked_in_at: t.clock.now().toISOString(),
      conditions: 0,
      next_deadline: null,
      waiting: 0,
      cancelled: [],
    });
  });

  it("requires a signed-in user", async () => {
    const res = await fetch(`${t.url}/api/check-in`, { method: "POST" });
    expect(res.status).toBe(401);
  });

  it("schedules reminders at the offsets and one final delivery when a condition is created", async () => {
    const { conditionId } = await ownerWithMessage(t, {
      condition_type: "no_check_in",
      hours_threshold: 2,
      reminder_hours: [90, 30],
    });
    const deadline = t.clock.now().getTime() + 2 * HOUR;
    const rows = (await scheduleOf(t, conditionId)).sort((a, b) => a.scheduledAt.getTime() - b.scheduledAt.getTime());
    expect(
      rows.map((r) => [
        r.reminderType,
        r.scheduledAt.getTime() - deadline,
        r.deliveryPriority,
        r.retryStrategy,
        r.status,
      ]),
    ).toEqual([
      ["reminder", -90 * MINUTE, "normal", "standard", "pending"],
      ["reminder", -30 * MINUTE, "high", "standard", "pending"],
      ["final_delivery", 0, "critical", "aggressive", "pending"],
    ]);
  });

  it("leaves the new deadline's schedule to the engine while the old rows fall due first (decision 043)", async () => {
    const { owner, conditionId, recipientEmails } = await ownerWithMessage(t, {
      condition_type: "no_check_in",
      hours_threshold: 2,
      reminder_hours: [30],
    });
    const armed = t.clock.now().getTime();
    await travel(t, HOUR);
    const res = await post(owner, "/api/check-in", {});
    const body = (await res.json()) as { conditions: number; next_deadline: string };
    expect(body.conditions).toBe(1);
    expect(body.next_deadline).toBe(new Date(armed + 3 * HOUR).toISOString());
    const pending = async () =>
      (await scheduleOf(t, conditionId))
        .filter((r) => r.status === "pending")
        .map((r) => [r.reminderType, r.scheduledAt.getTime() - armed])
        .sort();
    // The old reminder (at 1:30) falls before the new one (at 2:30): the check-in wrote only its condition.
    expect(await pending()).toEqual([
      ["final_delivery", 2 * HOUR],
      ["reminder", 90 * MINUTE],
    ]);
    // At 1:30 the engine finds the deadline moved: nothing is sent, and the new deadline's rows are written.
    await travel(t, 30 * MINUTE);
    await tick(t);
    expect(mailsTo(sink, owner.email)).toHaveLength(0);
    expect(await pending()).toEqual([
      ["final_delivery", 3 * HOUR],
      ["reminder", 150 * MINUTE],
    ]);
    await travel(t, 30 * MINUTE);
    await tick(t);
    expect(mailsTo(sink, recipientEmails[0]!)).toHaveLength(0);
    expect(mailsTo(sink, owner.email)).toHaveLength(0);
    await travel(t, 30 * MINUTE);
    await tick(t);
    expect(mailsTo(sink, owner.email)).toHaveLength(1);
    await travel(t, 30 * MINUTE);
    await tick(t);
    await sink.waitFor(recipientEmails[0]!);
    expect(mailsTo(sink, recipientEmails[0]!)).toHaveLength(1);
  });

  it("rewrites the schedule at once when a new reminder would come before the old rows", async () => {
    const { owner, conditionId } = await ownerWithMessage(t, {
      condition_type: "no_check_in",
      hours_threshold: 25,
      reminder_hours: [1440, 60],
    });
    const armed = t.clock.now().getTime();
    await travel(t, HOUR);
    await tick(t);
    expect(mailsTo(sink, owner.email)).toHaveLength(1);
    // At 2:00 the new deadline is 27:00: its 24-hour reminder (3:00) comes before the old pending rows (24:00, 25:00).
    await travel(t, HOUR);
    await post(owner, "/api/check-in", {});
    const rows = await scheduleOf(t, conditionId);
    expect(
      rows
        .filter((r) => r.status === "pending")
        .map((r) => r.scheduledAt.getTime() - armed)
        .sort((a, b) => a - b),
    ).toEqual([3 * HOUR, 26 * HOUR, 27 * HOUR]);
    expect(rows.filter((r) => r.status === "obsolete")).toHaveLength(2);
    await travel(t, HOUR);
    await tick(t);
    expect(mailsTo(sink, owner.email)).toHaveLength(2);
  });

  it("rewrites the schedule at once when the old row falls due less than a lease before the new one", async () => {
    const { owner, conditionId } = await ownerWithMessage(t, { condition_type: "no_check_in", hours_threshold: 1 });
    const armed = t.clock.now().getTime();
    // The old release (1:00) falls due 2 minutes before the new one (1:02): a worker dying with it
    // claimed would hold it for its lease, past the new deadline, so the check-in writes the new row.
    await travel(t, 2 * MINUTE);
    await post(owner, "/api/check-in", {});
    const rows = await scheduleOf(t, conditionId);
    expect(rows.filter((r) => r.status === "pending").map((r) => r.scheduledAt.getTime() - armed)).toEqual([
      62 * MINUTE,
    ]);
    expect(rows.filter((r) => r.status === "obsolete")).toHaveLength(1);
  });

  it("keeps the message from going out when it arrives before the deadline", async () => {
    const { owner, recipientEmails } = await ownerWithMessage(t, { condition_type: "no_check_in", hours_threshold: 1 });
    await travel(t, 59 * MINUTE);
    await post(owner, "/api/check-in", {});
    await travel(t, 2 * MINUTE);
    await tick(t);
    expect(mailsTo(sink, recipientEmails[0]!)).toHaveLength(0);
  });
});

describe("reminders", () => {
  it("e-mails the owner at each offset with a check-in link that only a POST uses", async () => {
    const { owner, conditionId } = await ownerWithMessage(
      t,
      { condition_type: "no_check_in", hours_threshold: 3, reminder_hours: [60] },
      3,
    );
    await travel(t, 2 * HOUR);
    await tick(t);
    expect(mailsTo(sink, owner.email)).toHaveLength(1);
    const mail = await sink.waitFor(owner.email);
    expect(mailText(mail)).toMatch(/'The spare key' goes to 3 people on .* unless you check in:/);
    const link = linkIn(mail, `${t.url}/check-in?token=`);
    const token = new URL(link).searchParams.get("token")!;

    const before = (await conditionOf(conditionId)).lastChecked;
    const info = await fetch(`${t.url}/api/check-in/token/lookup`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ token }),
    });
    expect(await info.json()).toEqual({ valid: true });
    expect((await conditionOf(conditionId)).lastChecked).toEqual(before);

    const done = await fetch(`${t.url}/api/check-in/token`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ token }),
    });
    expect(done.status).toBe(200);
    expect((await conditionOf(conditionId)).lastChecked).toEqual(t.clock.now());
    const again = await fetch(`${t.url}/api/check-in/token`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ token }),
    });
    expect(again.status).toBe(404);
  });

  it("names the deadline in the owner's own time zone", async () => {
    const { owner } = await ownerWithMessage(
      t,
      { condition_type: "no_check_in", hours_threshold: 3, reminder_hours: [60] },
      1,
    );
    const bad = await owner.api("/api/profile", {
      method: "PUT",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ time_zone: "Mars/Olympus" }),
    });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({
      error: { fields: { time_zone: "Choose a time zone from the list, e.g. Europe/London" } },
    });
    const saved = await owner.api("/api/profile", {
      method: "PUT",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ time_zone: "America/New_York" }),
    });
    expect(await saved.json()).toMatchObject({ time_zone: "America/New_York" });
    const deadline = new Date(t.clock.now().getTime() + 3 * HOUR);
    await travel(t, 2 * HOUR);
    await tick(t);
    const local = new Intl.DateTimeFormat("en-GB", {
      timeZone: "America/New_York",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    }).format(deadline);
    expect(mailText(await sink.waitFor(owner.email))).toContain(`${local} (America/New_York time) unless you check in`);
  });

  it("answers an unknown check-in token with a 404 that reveals nothing", async () => {
    const res = await fetch(`${t.url}/api/check-in/token/lookup`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ token: "not-a-real-token" }),
    });
    expect(res.status).toBe(404);
    expect(JSON.stringify(await res.json())).not.toMatch(/Alex|@/);
  });
});

describe("the final delivery", () => {
  it("reaches every recipient exactly once across repeated ticks, without the message in the mail", async () => {
    const { messageId, conditionId, recipientEmails } = await ownerWithMessage(t, {
      condition_type: "no_check_in",
      hours_threshold: 1,
    });
    await travel(t, HOUR);
    await tick(t);
    await tick(t);
    await travel(t, 10 * MINUTE);
    await tick(t);
    for (const email of recipientEmails) {
      const mails = mailsTo(sink, email);
      expect(mails).toHaveLength(1);
      const text = mailText(mails[0]!);
      expect(text).toMatch(/Alex Morgan/);
      expect(text).not.toMatch(/spare key|blue pot/i);
      expect(linkIn(mails[0]!, `${t.url}/access/message/${messageId}?t=`)).toBeTruthy();
    }
    expect((await conditionOf(conditionId)).active).toBe(false);
    expect(
      await t.database.db.select().from(sentReminders).where(eq(sentReminders.conditionId, conditionId)),
    ).toHaveLength(1);
    const log = await t.database.db
      .select()
      .from(reminderDeliveryLog)
      .where(eq(reminderDeliveryLog.conditionId, conditionId));
    // Two recipients and the owner's notice of the release (the owner learns of every release).
    expect(log.map((l) => [l.responseData.kind, l.deliveryStatus, l.deliveryChannel, l.attempt]).sort()).toEqual([
      ["release", "sent", "email", 1],
      ["release", "sent", "email", 1],
      ["release_notice", "sent", "email", 1],
    ]);
    expect(log[0]!.responseData).toMatchObject({
      emergency: false,
      triggered_by: "deadline",
      manual_trigger: false,
      keep_armed: null,
      fallback_method: null,
    });
  });

  it("opens the message for the link's holder and records the first opening", async () => {
    const { owner, messageId, recipientEmails } = await ownerWithMessage(
      t,
      { condition_type: "no_check_in", hours_threshold: 1 },
      1,
    );
    await travel(t, HOUR);
    await tick(t);
    const link = linkIn(mailsTo(sink, recipientEmails[0]!)[0]!, `${t.url}/access/message/`);
    const token = new URL(link).searchParams.get("t")!;
    const res = await fetch(`${t.url}/api/access/${messageId}?t=${token}`);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      state: "open",
      sender: { first_name: "Alex", last_name: "Morgan" },
      title: "The spare key",
      text_content: "It is under the blue pot.",
      location: null,
      attachments: [],
      expires_at: null,
    });
    const releases = (await (await owner.api(`/api/messages/${messageId}/releases`)).json()) as {
      first_opened_at: string;
      emergency: boolean;
    }[];
    expect(releases[0]!.first_opened_at).toBe(t.clock.now().toISOString());
    expect(releases[0]!.emergency).toBe(false);

    const generic = async (url: string) => {
      const r = await fetch(url);
      return [r.status, await r.text()];
    };
    const wrongToken = await generic(`${t.url}/api/access/${messageId}?t=${"x".repeat(43)}`);
    expect(wrongToken[0]).toBe(404);
    expect(await generic(`${t.url}/api/access/${messageId}`)).toEqual(wrongToken);
    expect(await generic(`${t.url}/api/access/00000000-0000-4000-8000-000000000000?t=${token}`)).toEqual(wrongToken);
  });

  it("is obsolete when a check-in wins the race against the tick", async () => {
    const { owner, conditionId, recipientEmails } = await ownerWithMessage(t, {
      condition_type: "no_check_in",
      hours_threshold: 1,
    });
    await travel(t, HOUR);
    const { claimDueWork } = await import("../../src/engine/claim-due-work.ts");
    const { commitBatch } = await import("../../src/engine/commit-batch.ts");
    const { createMasterKeys } = await import("../../src/crypto/master-keys.ts");
    const claimed = (
      await claimDueWork({ db: t.database.db, clock: t.clock, workerId: "racer", limit: 100, leaseMs: MINUTE })
    ).filter((r) => r.conditionId === conditionId);
    expect(claimed).toHaveLength(1);
    await post(owner, "/api/check-in", {});
    expect(
      await commitBatch({
        db: t.database.db,
        clock: t.clock,
        masterKeys: createMasterKeys({ config: t.config }),
        rows: claimed,
        workerId: "racer",
        siteUrl: t.config.SITE_URL,
      }),
    ).toMatchObject({ deliver: [], obsolete: 1 });
    await tick(t);
    expect(mailsTo(sink, recipientEmails[0]!)).toHaveLength(0);
    expect((await conditionOf(conditionId)).active).toBe(true);
  });

  it("goes only to the condition's chosen recipients", async () => {
    const setup = await ownerWithMessage(t, { condition_type: "no_check_in", hours_threshold: 5 }, 2);
    const c = await post(setup.owner, `/api/messages/${setup.messageId}/conditions`, {
      condition_type: "no_check_in",
      hours_threshold: 1,
      recipients: [setup.recipientIds[1]],
    });
    expect(c.status).toBe(201);
    await travel(t, HOUR);
    await tick(t);
    expect(mailsTo(sink, setup.recipientEmails[0]!)).toHaveLength(0);
    expect(mailsTo(sink, setup.recipientEmails[1]!)).toHaveLength(1);
  });

  it("fires an inactivity_to_date condition at its date and switches it off", async () => {
    const deliverAt = new Date(t.clock.now().getTime() + 3 * HOUR);
    const { conditionId, recipientEmails } = await ownerWithMessage(
      t,
      { condition_type: "inactivity_to_date", deliver_at: deliverAt.toISOString() },
      1,
    );
    await travel(t, 3 * HOUR - 1);
    await tick(t);
    expect(mailsTo(sink, recipientEmails[0]!)).toHaveLength(0);
    await travel(t, 1);
    await tick(t);
    expect(mailsTo(sink, recipientEmails[0]!)).toHaveLength(1);
    expect((await conditionOf(conditionId)).active).toBe(false);
  });

  it("fires a missed recurring occurrence and schedules the next one", async () => {
    const at = new Date(t.clock.now().getTime() + 2 * HOUR);
    const hhmm = at.toISOString().slice(11, 16);
    const { owner, conditionId, recipientEmails } = await ownerWithMessage(
      t,
      {
        condition_type: "recurring_check_in",
        recurring_pattern: { kind: "every_n_days", every_days: 1, at: hhmm, time_zone: "UTC", grace_minutes: 30 },
      },
      1,
    );
    const first = (await (await owner.api(`/api/conditions/${conditionId}`)).json()) as { next_deadline: string };
    await travel(t, new Date(first.next_deadline).getTime() - t.clock.now().getTime());
    await tick(t);
    expect(mailsTo(sink, recipientEmails[0]!)).toHaveLength(1);
    const after = (await (await owner.api(`/api/conditions/${conditionId}`)).json()) as {
      active: boolean;
      next_deadline: string;
    };
    expect(after.active).toBe(true);
    expect(new Date(after.next_deadline).getTime() - new Date(first.next_deadline).getTime()).toBe(24 * HOUR);
    expect(
      (await scheduleOf(t, conditionId)).filter((r) => r.status === "pending").map((r) => r.deadline.toISOString()),
    ).toEqual([after.next_deadline]);
  });
});

describe("unlock delay, expiry and cancelling", () => {
  it("keeps the message locked during the unlock delay, tells the owner, then opens and expires", async () => {
    const { owner, messageId, recipientEmails } = await ownerWithMessage(
      t,
      { condition_type: "no_check_in", hours_threshold: 1, panic_config: { unlock_delay_hours: 2, expiry_hours: 1 } },
      1,
    );
    await travel(t, HOUR);
    await tick(t);
    expect(mailText(await sink.waitFor(owner.email))).toMatch(/was released to 1 person/);
    const token = new URL(linkIn(mailsTo(sink, recipientEmails[0]!)[0]!, `${t.url}/access/message/`)).searchParams.get(
      "t",
    )!;
    const locked = await (await fetch(`${t.url}/api/access/${messageId}?t=${token}`)).json();
    expect(locked).toEqual({ state: "locked", opens_at: new Date(t.clock.now().getTime() + 2 * HOUR).toISOString() });
    await travel(t, 2 * HOUR);
    expect(await (await fetch(`${t.url}/api/access/${messageId}?t=${token}`)).json()).toMatchObject({
      state: "open",
      title: "The spare key",
    });
    await travel(t, HOUR);
    expect((await fetch(`${t.url}/api/access/${messageId}?t=${token}`)).status).toBe(404);
  });

  it("lets the owner withdraw a release before it opens", async () => {
    const { owner, messageId, recipientEmails } = await ownerWithMessage(
      t,
      { condition_type: "no_check_in", hours_threshold: 1, panic_config: { unlock_delay_hours: 2 } },
      1,
    );
    await travel(t, HOUR);
    await tick(t);
    const token = new URL(linkIn(mailsTo(sink, recipientEmails[0]!)[0]!, `${t.url}/access/message/`)).searchParams.get(
      "t",
    )!;
    const [release] = (await (await owner.api(`/api/messages/${messageId}/releases`)).json()) as {
      release_id: string;
    }[];
    const res = await post(owner, `/api/messages/${messageId}/releases/${release!.release_id}/cancel`, {});
    expect(await res.json()).toEqual({ cancelled: 1 });
    expect((await fetch(`${t.url}/api/access/${messageId}?t=${token}`)).status).toBe(404);
    await travel(t, 3 * HOUR);
    expect((await fetch(`${t.url}/api/access/${messageId}?t=${token}`)).status).toBe(404);
    const grants = await t.database.db.select().from(accessGrants).where(eq(accessGrants.messageId, messageId));
    expect(grants[0]!.cancelledAt).not.toBeNull();
  });
});
