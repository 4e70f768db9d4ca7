import { and, eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminAuditLog, deliveries, messageConditions, reminderSchedule } from "../../src/db/schema.ts";
import { createMasterKeys } from "../../src/crypto/master-keys.ts";
import { createMailer } from "../../src/mail/create-mailer.ts";
import { signUpAdmin } from "../support/admins.ts";
import { post, type ApiErrorBody } from "../support/content.ts";
import { HOUR, mailsTo, mailText, MINUTE, scheduleOf, tick, travel } from "../support/engine.ts";
import { type SmtpSink, startSmtpSink } from "../support/smtp-sink.ts";
import type { TestApp } from "../support/test-app.ts";
import { signUpUser, type SignedInUser } from "../support/users.ts";
import { ownerWithMessage, startEngineTestApp } from "../support/fixtures.ts";

let sink: SmtpSink;
let t: TestApp;
let admin: SignedInUser;
let user: SignedInUser;
let rejecting = true;

beforeAll(async () => {
  sink = await startSmtpSink({ reject: (address) => rejecting && address.startsWith("bounce") });
  t = await startEngineTestApp(sink);
  admin = await signUpAdmin(t, "ops@example.com", async (to) => mailText(await sink.waitFor(to)));
  user = await signUpUser(t);
});
afterAll(async () => {
  await t.close();
  await sink.close();
});

const adminPost = (who: SignedInUser, path: string, body: unknown = {}) => post(who, path, body);
/** The mails the sink has for `to` with `subject`, as text. */
const mailsWith = (to: string, subject: string) =>
  mailsTo(sink, to)
    .filter((m) => new RegExp(`^Subject: ${subject}\\r?$`, "m").test(m.raw))
    .map(mailText);
/** The account notices queued for a user (their keys name the change and its audit entry). */
const accountNotices = (userId: string) =>
  t.database.db
    .select()
    .from(deliveries)
    .where(and(eq(deliveries.kind, "notice"), like(deliveries.idempotencyKey, `notice:account:${userId}:%`)));
const none = "00000000-0000-4000-8000-000000000000";

/** Every admin route; the OpenAPI test below fails if a route is added without joining this list. */
const ROUTES: { method: "GET" | "POST"; path: string; openapi: string }[] = [
  { method: "GET", path: "/api/admin/users", openapi: "/api/admin/users" },
  { method: "POST", path: `/api/admin/users/${none}/disable`, openapi: "/api/admin/users/{id}/disable" },
  { method: "POST", path: `/api/admin/users/${none}/enable`, openapi: "/api/admin/users/{id}/enable" },
  { method: "GET", path: "/api/admin/engine", openapi: "/api/admin/engine" },
  { method: "GET", path: "/api/admin/deliveries", openapi: "/api/admin/deliveries" },
  { method: "POST", path: `/api/admin/deliveries/${none}/retry`, openapi: "/api/admin/deliveries/{id}/retry" },
  { method: "POST", path: `/api/admin/deliveries/${none}/discard`, openapi: "/api/admin/deliveries/{id}/discard" },
  { method: "GET", path: "/api/admin/audit", openapi: "/api/admin/audit" },
];

const call = (route: (typeof ROUTES)[number], token?: string) =>
  fetch(`${t.url}${route.path}`, {
    method: route.method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(route.method === "POST" ? { "content-type": "application/json" } : {}),
    },
    body: route.method === "POST" ? "{}" : undefined,
  });

describe("who may use the admin API", () => {
  it("lists every /api/admin route of the OpenAPI document in this test", async () => {
    const doc = (await (await fetch(`${t.url}/docs/json`)).json()) as {
      paths: Record<string, Record<string, unknown>>;
    };
    const documented = Object.entries(doc.paths)
      .filter(([path]) => path.startsWith("/api/admin"))
      .flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`))
      .sort();
    expect(documented).toEqual(ROUTES.map((r) => `${r.method} ${r.openapi}`).sort());
  });

  for (const route of ROUTES) {
    it(`${route.method} ${route.openapi}: 401 signed out, 403 for a user, allowed for an admin`, async () => {
      const out = await call(route);
      expect(out.status).toBe(401);
      expect(((await out.json()) as ApiErrorBody).error.code).toBe("unauthorized");
      const forbidden = await call(route, user.accessToken);
      expect(forbidden.status).toBe(403);
      expect(((await forbidden.json()) as ApiErrorBody).error.message).toBe(
        "Only the service's administrators can do this.",
      );
      const allowed = await call(route, admin.accessToken);
      // Routes naming a row answer 404 for an id that does not exist; the others 200.
      expect(allowed.status).toBe(route.path.includes(none) ? 404 : 200);
    });
  }

  /** What a caller may send that no schema accepts: a bad query for reads, bad bodies for actions. */
  const BAD_INPUTS: Record<"GET" | "POST", { query?: string; contentType?: string; body?: string }[]> = {
    GET: [{ query: "?limit=0&offset=-1&q=" + encodeURIComponent("a".repeat(300)) }],
    POST: [
      { contentType: "application/json", body: "{" },
      { contentType: "application/json", body: JSON.stringify({ reason: 42, extra: true }) },
      { contentType: "application/json", body: JSON.stringify({ reason: "x".repeat(501) }) },
      { contentType: "text/plain", body: "reason" },
    ],
  };
  const send = (route: (typeof ROUTES)[number], input: (typeof BAD_INPUTS)["POST"][number], token?: string) =>
    fetch(`${t.url}${route.path}${input.query ?? ""}`, {
      method: route.method,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(input.contentType ? { "content-type": input.contentType } : {}),
      },
      body: input.body,
    });

  for (const route of ROUTES) {
    it(`${route.method} ${route.openapi}: checks the caller before the input (401 / 403, never 400 or 415)`, async () => {
      for (const input of BAD_INPUTS[route.method]) {
        const out = await send(route, input);
        expect([input, out.status]).toEqual([input, 401]);
        const forbidden = await send(route, input, user.accessToken);
        expect([input, forbidden.status]).toEqual([input, 403]);
        expect(((await forbidden.json()) as ApiErrorBody).error.message).toBe(
          "Only the service's administrators can do this.",
        );
      }
    });
  }

  for (const route of ROUTES.filter((r) => r.method === "POST")) {
    it(`POST ${route.openapi}: an admin may send no body at all, or an empty one (the reason is optional)`, async () => {
      const bare = await send(route, {}, admin.accessToken);
      expect(bare.status).toBe(404);
      const empty = await send(route, { contentType: "application/json", body: "" }, admin.accessToken);
      expect(empty.status).toBe(404);
      const malformed = await send(route, { contentType: "application/json", body: "{" }, admin.accessToken);
      expect(malformed.status).toBe(400);
    });
  }

  it("refuses an ADMIN_EMAILS address whose owner never followed a link sent to it", async () => {
    const other = await startEngineTestApp(sink, { ADMIN_EMAILS: "squatter@example.com" });
    try {
      const squatter = await signUpUser(other, "squatter@example.com");
      expect(await (await squatter.api("/api/me")).json()).toMatchObject({ is_admin: false });
      expect((await squatter.api("/api/admin/users")).status).toBe(403);
    } finally {
      await other.close();
    }
  });
});

describe("users", () => {
  it("finds accounts by address with plan, dates and counts, and never a message's words", async () => {
    const { owner } = await ownerWithMessage(t, { condition_type: "no_check_in", hours_threshold: 24 }, 1);
    await travel(t, MINUTE);
    await post(owner, "/api/check-in", {});
    const res = await admin.api(`/api/admin/users?q=${encodeURIComponent(owner.email.slice(0, 12).toUpperCase())}`);
    const text = await res.text();
    expect(text).not.toContain("spare key");
    expect(text).not.toContain("blue pot");
    const body = JSON.parse(text) as { users: Record<string, unknown>[]; total: number };
    const found = body.users.find((u) => u.id === owner.id)!;
    expect(found).toMatchObject({
      email: owner.email,
      plan: "plus",
      messages: 1,
      armed_switches: 1,
      held_switches: 0,
      disabled: false,
      admin_address: false,
      email_confirmed: true,
    });
    expect(found.last_check_in).toBe(t.clock.now().toISOString());
    expect((await (await admin.api("/api/admin/users?q=nobody-has-this")).json()) as unknown).toEqual({
      users: [],
      total: 0,
    });
  });

  it("answers bad paging with a 400 that names the field", async () => {
    const res = await admin.api("/api/admin/users?limit=0");
    expect(res.status).toBe(400);
    expect(((await res.json()) as ApiErrorBody).error.fields).toHaveProperty("limit");
  });
});

describe("disabling an account", () => {
  it("ends its sessions and holds its armed switches: past the deadline nothing is released", async () => {
    const { owner, conditionId, recipientEmails } = await ownerWithMessage(
      t,
      { condition_type: "no_check_in", hours_threshold: 1 },
      1,
    );
    const res = await adminPost(admin, `/api/admin/users/${owner.id}/disable`, { reason: "reported abuse" });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ held: 1, user: { disabled: true, armed_switches: 0, held_switches: 1 } });

    expect((await owner.api("/api/messages")).status).toBe(401);
    const signIn = await fetch(`${t.url}/auth/v1/token?grant_type=password`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: owner.email, password: "correct horse battery staple" }),
    });
    expect(signIn.status).toBe(400);
    expect(await signIn.json()).toMatchObject({ error_code: "user_banned" });
    // The owner's notice is queued with the change; the engine sends it.
    await tick(t);
    expect(mailsWith(owner.email, "Your account is disabled")).toEqual([
      expect.stringMatching(/armed switch is paused: nothing will be sent/),
    ]);

    expect((await scheduleOf(t, conditionId)).every((r) => r.status === "obsolete")).toBe(true);
    await travel(t, 3 * HOUR);
    await tick(t);
    expect(mailsTo(sink, recipientEmails[0]!)).toHaveLength(0);

    const enabled = await adminPost(admin, `/api/admin/users/${owner.id}/enable`, {
      reason: "  owner proved it was them  ",
    });
    expect(await enabled.json()).toMatchObject({
      rearmed: 1,
      not_rearmed: [],
      user: { disabled: false, armed_switches: 1, held_switches: 0 },
    });
    const [condition] = await t.database.db
      .select()
      .from(messageConditions)
      .where(eq(messageConditions.id, conditionId));
    expect(condition).toMatchObject({ isArmed: true, active: true });
    // A fresh clock: the deadline is an hour from the enabling, not in the past.
    expect(condition!.armedAt.getTime()).toBe(t.clock.now().getTime());
    const pending = (await scheduleOf(t, conditionId)).filter((r) => r.status === "pending");
    expect(pending.map((r) => r.deadline.getTime())).toEqual([t.clock.now().getTime() + HOUR]);
    const again = await fetch(`${t.url}/auth/v1/token?grant_type=password`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: owner.email, password: "correct horse battery staple" }),
    });
    expect(again.status).toBe(200);
    await tick(t);
    expect(mailsWith(owner.email, "Your account is enabled again")).toEqual([
      expect.stringMatching(/Your paused switch is armed again/),
    ]);
  });

  it("tells the owner once per change, even while the mail server is down, without failing the admin's action", async () => {
    const owner = await signUpUser(t);
    await sink.stop();
    try {
      expect(
        (await adminPost(admin, `/api/admin/users/${owner.id}/disable`, { reason: "mail server drill" })).status,
      ).toBe(200);
      const [entry] = await t.database.db
        .select()
        .from(adminAuditLog)
        .where(and(eq(adminAuditLog.targetId, owner.id), eq(adminAuditLog.action, "user.disable")));
      expect(await accountNotices(owner.id)).toEqual([
        expect.objectContaining({
          idempotencyKey: `notice:account:${owner.id}:disabled:${entry!.id}`,
          status: "pending",
          address: owner.email,
        }),
      ]);
      await tick(t); // refused: tried again in 30 s
      expect(await accountNotices(owner.id)).toEqual([expect.objectContaining({ status: "pending", attempts: 1 })]);
    } finally {
      await sink.start();
    }
    // A second click on an account already disabled changes nothing the owner has not been told.
    expect((await adminPost(admin, `/api/admin/users/${owner.id}/disable`)).status).toBe(200);
    expect(await accountNotices(owner.id)).toHaveLength(1);
    await travel(t, 31_000);
    await tick(t);
    expect(mailsWith(owner.email, "Your account is disabled")).toEqual([
      expect.stringMatching(/You had no armed switches/),
    ]);
    expect(await accountNotices(owner.id)).toEqual([expect.objectContaining({ status: "sent", attempts: 2 })]);
    expect((await adminPost(admin, `/api/admin/users/${owner.id}/enable`)).status).toBe(200);
    expect(await accountNotices(owner.id)).toHaveLength(2);
  });

  it("refuses to disable the admin's own account, says so, and changes nothing", async () => {
    const res = await adminPost(admin, `/api/admin/users/${admin.id}/disable`, { reason: "oops" });
    expect(res.status).toBe(409);
    expect(((await res.json()) as ApiErrorBody).error.message).toBe(
      "You cannot disable your own account: ask another admin.",
    );
    expect((await admin.api("/api/admin/users")).status).toBe(200);
    const entries = await t.database.db.select().from(adminAuditLog).where(eq(adminAuditLog.targetId, admin.id));
    expect(entries).toEqual([]);
  });
});

describe("stuck deliveries", () => {
  async function parkedRelease() {
    const { owner, conditionId, recipientEmails } = await ownerWithMessage(
      t,
      { condition_type: "no_check_in", hours_threshold: 1 },
      0,
    );
    const bounce = `bounce-${Date.now()}-${Math.random().toString(36).slice(2)}@example.com`;
    const r = (await (await post(owner, "/api/recipients", { name: "Bounce", email: bounce })).json()) as {
      id: string;
    };
    const messageId = (await scheduleOf(t, conditionId))[0]!.messageId;
    await owner.api(`/api/messages/${messageId}/recipients`, {
      method: "PUT",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ recipient_ids: [r.id] }),
    });
    await travel(t, HOUR);
    rejecting = true;
    await tick(t);
    const row = (await scheduleOf(t, conditionId)).find((x) => x.reminderType === "final_delivery")!;
    expect(row.status).toBe("parked");
    return { owner, row, bounce, recipientEmails, messageId };
  }

  it("lists a parked release with its addresses and error, retries it and delivers once the cause is fixed", async () => {
    const { row, bounce } = await parkedRelease();
    const listed = (await (await admin.api("/api/admin/deliveries")).json()) as {
      id: string;
      status: string;
      deliveries: { address: string; status: string }[];
      last_error: string;
    }[];
    const entry = listed.find((d) => d.id === row.id)!;
    expect(entry.status).toBe("parked");
    // The recipient's bounced e-mail, and the owner's notice of the release, which went out.
    expect(entry.deliveries.filter((d) => d.address === bounce)).toEqual([
      expect.objectContaining({ address: bounce, status: "failed" }),
    ]);
    expect(entry.deliveries.filter((d) => d.address !== bounce).map((d) => d.status)).toEqual(["sent"]);
    expect(entry.last_error).toMatch(/550/);
    expect(JSON.stringify(listed)).not.toContain("spare key");

    rejecting = false;
    expect(
      (await adminPost(admin, `/api/admin/deliveries/${row.id}/retry`, { reason: "mail server fixed" })).status,
    ).toBe(200);
    const [queued] = await t.database.db.select().from(reminderSchedule).where(eq(reminderSchedule.id, row.id));
    expect(queued).toMatchObject({ status: "pending", lockedUntil: null, claimedBy: null });
    expect(queued!.nextAttemptAt.getTime()).toBe(t.clock.now().getTime());
    await tick(t);
    const [after] = await t.database.db.select().from(reminderSchedule).where(eq(reminderSchedule.id, row.id));
    expect(after).toMatchObject({ status: "sent", attempts: 2 });
    expect(mailsTo(sink, bounce)).toHaveLength(1);
    // Retrying again is refused: it is sent.
    const twice = await adminPost(admin, `/api/admin/deliveries/${row.id}/retry`);
    expect(twice.status).toBe(409);
  });

  it("discards a parked row for good: the engine leaves it, the status page stops counting it, the owner's timeline says so", async () => {
    const { owner, row, messageId } = await parkedRelease();
    expect(
      (await adminPost(admin, `/api/admin/deliveries/${row.id}/discard`, { reason: "recipient address is wrong" }))
        .status,
    ).toBe(200);
    await travel(t, 10 * MINUTE);
    await tick(t);
    const [after] = await t.database.db.select().from(reminderSchedule).where(eq(reminderSchedule.id, row.id));
    expect(after!.status).toBe("discarded");
    const timeline = (await (await owner.api(`/api/diagnostic/message/${messageId}`)).json()) as {
      schedule: { id: string; status: string }[];
    };
    expect(timeline.schedule.find((s) => s.id === row.id)!.status).toBe("discarded");
    expect((await adminPost(admin, `/api/admin/deliveries/${row.id}/discard`)).status).toBe(409);
    const listed = (await (await admin.api("/api/admin/deliveries")).json()) as { id: string }[];
    expect(listed.map((d) => d.id)).not.toContain(row.id);
  });
});

describe("the engine overview", () => {
  it("reports backlog by type, lateness of first sends, sends per channel per minute, failures and workers", async () => {
    const { conditionId } = await ownerWithMessage(
      t,
      { condition_type: "no_check_in", hours_threshold: 1, reminder_hours: [30] },
      2,
    );
    await travel(t, 40 * MINUTE); // the reminder is 10 minutes late, the release not due yet
    let overview = (await (await admin.api("/api/admin/engine")).json()) as Record<string, unknown> & {
      backlog: Record<string, number>;
      oldest_due_lateness_seconds: number;
    };
    expect(overview.backlog.reminder).toBeGreaterThanOrEqual(1);
    expect(overview.oldest_due_lateness_seconds).toBeGreaterThanOrEqual(600);
    await tick(t, { workerId: "worker-a" });
    await travel(t, 20 * MINUTE + 5_000);
    await tick(t, { workerId: "worker-a" });
    expect((await scheduleOf(t, conditionId)).find((r) => r.reminderType === "final_delivery")!.status).toBe("sent");
    overview = (await (await admin.api("/api/admin/engine")).json()) as typeof overview;
    const lateness = overview.lateness_last_hour as { count: number; p50_seconds: number; p99_seconds: number };
    expect(lateness.count).toBeGreaterThanOrEqual(3);
    // Two releases sent 5 s late and a reminder 10 minutes late: the median is small, the 99th percentile near 600 s.
    expect(lateness.p50_seconds).toBeLessThan(60);
    expect(lateness.p99_seconds).toBeGreaterThan(500);
    const sends = overview.sends_per_minute as { channel: string; sent: number }[];
    expect(sends.filter((s) => s.channel === "email").reduce((n, s) => n + s.sent, 0)).toBeGreaterThanOrEqual(2);
    // The heartbeat the tick just wrote (its table is the engine's; one row today).
    expect(overview.workers).toEqual(expect.arrayContaining([expect.objectContaining({ age_seconds: 0, claimed: 0 })]));
    expect(typeof overview.failures_last_hour).toBe("number");
  });
});

describe("the audit log", () => {
  it("records every admin action with who, what, when and from where, and offers no way to change it", async () => {
    const entries = (await (await admin.api("/api/admin/audit?limit=100")).json()) as {
      entries: {
        action: string;
        admin_email: string;
        ip: string;
        user_agent: string;
        created_at: string;
        target_id: string;
      }[];
    };
    const actions = entries.entries.map((e) => e.action);
    expect(actions).toEqual(
      expect.arrayContaining(["user.disable", "user.enable", "delivery.retry", "delivery.discard"]),
    );
    for (const e of entries.entries) expect(e).toMatchObject({ admin_email: "ops@example.com", ip: "127.0.0.1" });
    // The reason given in the dialog is kept with each kind of action (trimmed; none → null).
    const reasons = entries.entries.map((e) => [
      e.action,
      (e as unknown as { details: { reason: unknown } }).details.reason,
    ]);
    expect(reasons).toEqual(
      expect.arrayContaining([
        ["user.disable", "reported abuse"],
        ["user.enable", "owner proved it was them"],
        ["delivery.retry", "mail server fixed"],
        ["delivery.discard", "recipient address is wrong"],
        ["user.enable", null],
      ]),
    );
    const rows = await t.database.db.select().from(adminAuditLog);
    expect(rows.length).toBe(entries.entries.length);
    for (const method of ["PUT", "PATCH", "DELETE"])
      expect((await admin.api("/api/admin/audit", { method })).status).toBe(404);
  });
});

describe("retrying a release to someone without an e-mail address", () => {
  it("never counts 'sending' to nobody as sent: the row parks again", async () => {
    const { owner, conditionId } = await ownerWithMessage(t, { condition_type: "no_check_in", hours_threshold: 1 }, 0);
    const r = (await (await post(owner, "/api/recipients", { name: "Phone only", phone: "+447700900456" })).json()) as {
      id: string;
    };
    const messageId = (await scheduleOf(t, conditionId))[0]!.messageId;
    await owner.api(`/api/messages/${messageId}/recipients`, {
      method: "PUT",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ recipient_ids: [r.id] }),
    });
    await travel(t, HOUR);
    await tick(t);
    const row = (await scheduleOf(t, conditionId)).find((x) => x.reminderType === "final_delivery")!;
    expect(row.status).toBe("parked");
    expect((await adminPost(admin, `/api/admin/deliveries/${row.id}/retry`)).status).toBe(200);
    // The local outbox accepts any address, even none: only the retry's own rule stops a false "sent".
    await tick(t, {
      mailer: createMailer({
        from: "Trigger Switch <no-reply@localhost>",
        db: t.database.db,
        masterKeys: createMasterKeys({ config: t.config }),
        clock: t.clock,
      }),
    });
    const [after] = await t.database.db.select().from(reminderSchedule).where(eq(reminderSchedule.id, row.id));
    expect(after).toMatchObject({ status: "parked", attempts: 2 });
  });
});

describe("bad input to the admin API", () => {
  it("answers a NUL in a search or a reason, an unknown field and malformed JSON with a 400", async () => {
    expect((await admin.api(`/api/admin/users?q=${encodeURIComponent("a\u0000b")}`)).status).toBe(400);
    const nul = await adminPost(admin, `/api/admin/users/${user.id}/disable`, { reason: "x\u0000y" });
    expect(nul.status).toBe(400);
    expect(((await nul.json()) as ApiErrorBody).error.message).toMatch(/NUL/);
    for (const action of [
      `users/${user.id}/disable`,
      `users/${user.id}/enable`,
      `deliveries/${none}/retry`,
      `deliveries/${none}/discard`,
    ]) {
      const long = await adminPost(admin, `/api/admin/${action}`, { reason: "x".repeat(501) });
      expect(long.status).toBe(400);
      expect(((await long.json()) as ApiErrorBody).error).toMatchObject({
        message: "The reason can be at most 500 characters.",
        fields: { reason: "The reason can be at most 500 characters" },
      });
    }
    expect((await adminPost(admin, `/api/admin/users/${user.id}/disable`, { reason: "ok", extra: 1 })).status).toBe(
      400,
    );
    const malformed = await admin.api(`/api/admin/deliveries/${none}/discard`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{",
    });
    expect(malformed.status).toBe(400);
    // None of these disabled anyone.
    expect((await user.api("/api/me")).status).toBe(200);
  });
});
