import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NOT_SENT_BY_RULE } from "../../src/channels/delivery/send-owner-phone-notice.ts";
import { adminAuditLog, deliveries } from "../../src/db/schema.ts";
import { settleNotice } from "../../src/engine/send-notices.ts";
import { signUpAdmin } from "../support/admins.ts";
import { post } from "../support/content.ts";
import { mailsTo, mailText, scheduleOf, tick, travel } from "../support/engine.ts";
import { ownerWithMessage, startEngineTestApp } from "../support/fixtures.ts";
import { type SmtpSink, startSmtpSink } from "../support/smtp-sink.ts";
import type { TestApp } from "../support/test-app.ts";
import { signUpUser, type SignedInUser } from "../support/users.ts";

/**
 * Owner and admin notices go through the engine's own queue (deliveries of kind 'notice',
 * decision 012). One that fails is the operator's to see and fix like any stuck delivery
 * (docs/decisions/019): listed, counted, retried or discarded — and audited — without its words.
 */
let sink: SmtpSink;
let t: TestApp;
let admin: SignedInUser;
/** Addresses the mail server refuses for good (550) right now. */
const refused = new Set<string>();

beforeAll(async () => {
  sink = await startSmtpSink({ reject: (address) => refused.has(address) });
  t = await startEngineTestApp(sink);
  admin = await signUpAdmin(t, "ops@example.com", async (to) => mailText(await sink.waitFor(to)));
});
afterAll(async () => {
  await t.close();
  await sink.close();
});

interface Listed {
  id: string;
  status: string;
  reminder_type: string;
  owner_email: string;
  notice: { to: string; topic: string } | null;
  attempts: number;
  last_error: string | null;
  deliveries: { address: string; status: string }[];
}
interface Figures {
  backlog: { notice: number };
  notices_retrying: number;
  notices_given_up: number;
}

const listed = async () => (await (await admin.api("/api/admin/deliveries")).json()) as Listed[];
const figures = async () => (await (await admin.api("/api/admin/engine")).json()) as Figures;
const noticeTo = async (address: string) =>
  t.database.db
    .select()
    .from(deliveries)
    .where(and(eq(deliveries.kind, "notice"), eq(deliveries.address, address)));

/** An owner whose "your account is disabled" notice the mail server refused for good. */
async function ownerWithFailedNotice() {
  const owner = await signUpUser(t);
  refused.add(owner.email);
  expect((await post(admin, `/api/admin/users/${owner.id}/disable`, {})).status).toBe(200);
  await tick(t);
  const [notice] = await noticeTo(owner.email);
  expect(notice).toMatchObject({ status: "failed", attempts: 1 });
  return { owner, notice: notice! };
}

describe("a failed owner notice", () => {
  it("is listed as parked with its recipient and error, never its subject or text, and counted as given up", async () => {
    const before = await figures();
    const { owner, notice } = await ownerWithFailedNotice();
    const rows = await listed();
    const entry = rows.find((d) => d.id === notice.id);
    expect(entry).toMatchObject({
      status: "parked",
      reminder_type: "notice",
      owner_email: owner.email,
      notice: { to: "owner", topic: "account" },
      attempts: 1,
      last_error: expect.stringMatching(/550/),
      deliveries: [{ address: owner.email, status: "failed" }],
    });
    const text = JSON.stringify(rows);
    expect(text).not.toContain("Your account is disabled");
    expect(text).not.toContain("You cannot sign in");
    expect((await figures()).notices_given_up).toBe(before.notices_given_up + 1);
  });

  it("is counted in the backlog while due, and as retrying after a failure the engine will try again", async () => {
    const owner = await signUpUser(t);
    const before = await figures();
    await sink.stop();
    try {
      expect((await post(admin, `/api/admin/users/${owner.id}/disable`, {})).status).toBe(200);
      expect((await figures()).backlog.notice).toBe(before.backlog.notice + 1);
      await tick(t); // the mail server is down: tried again in 30 s
      const [notice] = await noticeTo(owner.email);
      expect(notice).toMatchObject({ status: "pending", attempts: 1 });
      const after = await figures();
      expect(after.backlog.notice).toBe(before.backlog.notice);
      expect(after.notices_retrying).toBe(before.notices_retrying + 1);
      expect((await listed()).find((d) => d.id === notice!.id)).toMatchObject({ status: "pending", attempts: 1 });
      // A retrying notice is not given up yet: it cannot be discarded.
      expect((await post(admin, `/api/admin/deliveries/${notice!.id}/discard`, {})).status).toBe(409);
    } finally {
      await sink.start();
    }
    await travel(t, 31_000);
    await tick(t);
    expect((await noticeTo(owner.email))[0]).toMatchObject({ status: "sent", attempts: 2 });
  });

  it("can be retried once the cause is fixed: the engine sends it, and the audit log says who, why and about what", async () => {
    const { owner, notice } = await ownerWithFailedNotice();
    refused.delete(owner.email);
    const res = await post(admin, `/api/admin/deliveries/${notice.id}/retry`, { reason: "mailbox fixed" });
    expect(res.status).toBe(200);
    const [queued] = await noticeTo(owner.email);
    expect(queued).toMatchObject({ status: "pending", lockedUntil: null, claimedBy: null, attempts: 1 });
    expect(queued!.nextAttemptAt!.getTime()).toBe(t.clock.now().getTime());
    await tick(t);
    expect((await noticeTo(owner.email))[0]).toMatchObject({ status: "sent", attempts: 2 });
    expect(mailsTo(sink, owner.email).map(mailText)).toEqual([expect.stringMatching(/You cannot sign in/)]);
    expect((await listed()).map((d) => d.id)).not.toContain(notice.id);
    const [entry] = await t.database.db.select().from(adminAuditLog).where(eq(adminAuditLog.targetId, notice.id));
    expect(entry).toMatchObject({
      action: "delivery.retry",
      targetType: "notice",
      adminEmail: "ops@example.com",
      details: expect.objectContaining({ reason: "mailbox fixed", topic: "account", to: owner.email, was: "failed" }),
    });
    expect(JSON.stringify(entry!.details)).not.toContain("Your account is disabled");
    // Sent: nothing left to retry.
    expect((await post(admin, `/api/admin/deliveries/${notice.id}/retry`, {})).status).toBe(409);
  });

  it("can be discarded for good: never sent, no longer listed nor counted, and audited", async () => {
    const before = await figures();
    const { owner, notice } = await ownerWithFailedNotice();
    refused.delete(owner.email);
    const res = await post(admin, `/api/admin/deliveries/${notice.id}/discard`, { reason: "address is gone" });
    expect(res.status).toBe(200);
    await travel(t, 10 * 60_000);
    await tick(t);
    expect((await noticeTo(owner.email))[0]).toMatchObject({ status: "discarded", attempts: 1 });
    expect(mailsTo(sink, owner.email)).toHaveLength(0);
    expect((await listed()).map((d) => d.id)).not.toContain(notice.id);
    expect((await figures()).notices_given_up).toBe(before.notices_given_up);
    const [entry] = await t.database.db.select().from(adminAuditLog).where(eq(adminAuditLog.targetId, notice.id));
    expect(entry).toMatchObject({
      action: "delivery.discard",
      targetType: "notice",
      details: expect.objectContaining({ reason: "address is gone", topic: "account" }),
    });
    expect((await post(admin, `/api/admin/deliveries/${notice.id}/retry`, {})).status).toBe(409);
    expect((await post(admin, `/api/admin/deliveries/${notice.id}/discard`, {})).status).toBe(409);
  });

  it("an owner's release notice is listed as the owner's notice, its release left sent, and a retry sends it", async () => {
    const { owner, conditionId } = await ownerWithMessage(t, { condition_type: "no_check_in", hours_threshold: 1 }, 1);
    const before = await figures();
    refused.add(owner.email);
    await travel(t, 60 * 60_000);
    await tick(t);
    const release = (await scheduleOf(t, conditionId)).find((r) => r.reminderType === "final_delivery");
    expect(release!.status).toBe("sent");
    const [notice] = await t.database.db
      .select()
      .from(deliveries)
      .where(and(eq(deliveries.reminderId, release!.id), eq(deliveries.kind, "release_notice")));
    expect((await listed()).find((d) => d.id === notice!.id)).toMatchObject({
      status: "parked",
      reminder_type: "notice",
      owner_email: owner.email,
      notice: { to: "owner", topic: "release-notice" },
      attempts: 1,
      last_error: expect.stringMatching(/550/),
    });
    expect((await figures()).notices_given_up).toBe(before.notices_given_up + 1);
    refused.delete(owner.email);
    expect((await post(admin, `/api/admin/deliveries/${notice!.id}/retry`, { reason: "mailbox fixed" })).status).toBe(
      200,
    );
    await tick(t);
    expect(mailsTo(sink, owner.email).map(mailText)).toEqual([expect.stringMatching(/was released to 1 person/)]);
    expect((await listed()).map((d) => d.id)).not.toContain(notice!.id);
  });

  it("an admin's notice of a parked delivery is listed too, as going to the admin", async () => {
    // The engine tells the owner and every ADMIN_EMAILS address when it parks a row (notify-parked.ts).
    refused.add("ops@example.com");
    try {
      const { owner } = await ownerWithMessage(t, { condition_type: "no_check_in", hours_threshold: 1 }, 0);
      const bounce = `bounce-${owner.id}@example.com`;
      refused.add(bounce);
      const r = (await (await post(owner, "/api/recipients", { name: "Bounce", email: bounce })).json()) as {
        id: string;
      };
      const messages = (await (await owner.api("/api/messages")).json()) as { id: string }[];
      await owner.api(`/api/messages/${messages[0]!.id}/recipients`, {
        method: "PUT",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ recipient_ids: [r.id] }),
      });
      await travel(t, 60 * 60_000);
      await tick(t); // the release is refused for good and parks; the notices are queued
      await tick(t); // the admin's notice is refused for good
      const rows = await listed();
      expect(rows).toEqual(
        expect.arrayContaining([
          expect.objectContaining({
            reminder_type: "notice",
            status: "parked",
            owner_email: "ops@example.com",
            notice: { to: "admin", topic: "parked" },
          }),
        ]),
      );
    } finally {
      refused.delete("ops@example.com");
    }
  });
});

describe("a phone notice not sent by rule", () => {
  it("is neither listed nor counted: the owner's route no longer has that channel, which is nobody's fault", async () => {
    const before = await figures();
    const owner = await signUpUser(t);
    await sink.stop();
    try {
      expect((await post(admin, `/api/admin/users/${owner.id}/disable`, {})).status).toBe(200);
      await tick(t); // the mail server is down: a notice retrying
    } finally {
      await sink.start();
    }
    const [pending] = await noticeTo(owner.email);
    expect(pending).toMatchObject({ status: "pending", attempts: 1 });
    // What the engine writes when the owner's reminder route no longer has the notice's channel
    // (send-owner-phone-notice.ts → settleNotice): failed, with the rule's words.
    await t.database.db.update(deliveries).set({ claimedBy: "rule-test" }).where(eq(deliveries.id, pending!.id));
    await settleNotice({
      db: t.database.db,
      now: t.clock.now(),
      workerId: "rule-test",
      notice: pending!,
      outcome: {
        status: "skipped",
        error: `${NOT_SENT_BY_RULE}whatsapp is not among the owner's reminder channels now.`,
      },
      log: { error: () => undefined },
    });
    expect((await noticeTo(owner.email))[0]).toMatchObject({ status: "failed", attempts: 2 });

    expect((await listed()).map((d) => d.id)).not.toContain(pending!.id);
    const after = await figures();
    expect(after.notices_given_up).toBe(before.notices_given_up);
    expect(after.notices_retrying).toBe(before.notices_retrying);
  });
});
