import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appWithOwner } from "../support/fixtures.ts";
import type { TestApp } from "../support/test-app.ts";
import { signUpUser, type SignedInUser } from "../support/users.ts";
import {
  createCondition,
  createMessage,
  createRecipient,
  patch,
  post,
  setRecipients,
  type ApiErrorBody,
} from "../support/content.ts";

let t: TestApp;
let owner: SignedInUser;
let messageId: string;

interface ConditionBody {
  id: string;
  active: boolean;
  is_armed: boolean;
  last_checked: string;
  armed_at: string;
  next_deadline: string | null;
  summary: string;
  recipients: string[];
  [key: string]: unknown;
}

beforeAll(async () => {
  // Tokens last a day: these tests move the clock forward by hours (17 h in all).
  ({ t, owner } = await appWithOwner({ JWT_EXPIRY: "86400" }));
  messageId = (await createMessage(owner)).id;
});
afterAll(() => t.close());

const iso = (ms: number) => new Date(ms).toISOString();

describe("creating a condition", () => {
  it("arms it at once with its clock starting now", async () => {
    const now = t.clock.now().getTime();
    const c = (await createCondition(owner, messageId, {
      condition_type: "no_check_in",
      hours_threshold: 0,
      minutes_threshold: 30,
      reminder_hours: [10, 20],
    })) as unknown as ConditionBody;
    expect(c).toMatchObject({
      active: true,
      is_armed: true,
      last_checked: iso(now),
      armed_at: iso(now),
      next_deadline: iso(now + 30 * 60_000),
      reminder_hours: [20, 10],
    });
    expect(c.summary).toMatch(/Each check-in gives you another 30 minutes/);
  });

  it("maps a panic condition's extra fields and keeps keep_armed in panic_config", async () => {
    const c = await createCondition(owner, messageId, {
      condition_type: "panic_trigger",
      panic_config: { keep_armed: false, unlock_delay_hours: 2 },
    });
    expect(c).toMatchObject({
      condition_type: "panic_trigger",
      triggered: false,
      delivered: false,
      panic_config: { keep_armed: false, unlock_delay_hours: 2 },
      panic_trigger_config: { keep_armed: false, unlock_delay_hours: 2 },
      unlock_delay_hours: 2,
      expiry_hours: 0,
      next_deadline: null,
    });
  });

  it("fills in today's date as the start of an every-N-days schedule", async () => {
    const c = await createCondition(owner, messageId, {
      condition_type: "recurring_check_in",
      recurring_pattern: { kind: "every_n_days", every_days: 2, at: "09:00", time_zone: "Europe/London" },
    });
    const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/London" }).format(t.clock.now());
    expect(c.recurring_pattern).toEqual({
      kind: "every_n_days",
      every_days: 2,
      at: "09:00",
      time_zone: "Europe/London",
      grace_minutes: 60,
      start_date: today,
    });
    expect(c.next_deadline).not.toBeNull();
  });

  it("refuses a delivery date less than 5 minutes ahead", async () => {
    const res = await post(owner, `/api/messages/${messageId}/conditions`, {
      condition_type: "inactivity_to_date",
      deliver_at: iso(t.clock.now().getTime() + 60_000),
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as ApiErrorBody).error.fields!.deliver_at).toMatch(/5 minutes from now/);
  });

  it("names each invalid field", async () => {
    const res = await post(owner, `/api/messages/${messageId}/conditions`, {
      condition_type: "no_check_in",
      hours_threshold: 1,
      reminder_hours: [90],
      recurring_pattern: null,
      surprise: 1,
    });
    expect(res.status).toBe(400);
    const body = (await res.json()) as ApiErrorBody;
    expect(body.error.code).toBe("validation_failed");
    expect(Object.keys(body.error.fields!).length).toBeGreaterThan(0);
    const res2 = await post(owner, `/api/messages/${messageId}/conditions`, {
      condition_type: "no_check_in",
      hours_threshold: 1,
      reminder_hours: [90],
    });
    expect(((await res2.json()) as ApiErrorBody).error.fields).toEqual({
      reminder_hours: "A reminder must come before the deadline: choose less than 1 hour before it.",
    });
  });

  it("names each field as the form labels it, never by its wire name, and never computes a negative reminder bound", async () => {
    const negative = await post(owner, `/api/messages/${messageId}/conditions`, {
      condition_type: "no_check_in",
      hours_threshold: -24,
      reminder_hours: [60],
    });
    expect(negative.status).toBe(400);
    const { error } = (await negative.json()) as ApiErrorBody;
    expect(error.fields).toEqual({ hours_threshold: "The time cannot be negative: choose 0 or more" });
    expect(error.message).toBe("The time cannot be negative: choose 0 or more.");

    const grace = await post(owner, `/api/messages/${messageId}/conditions`, {
      condition_type: "recurring_check_in",
      recurring_pattern: {
        kind: "weekdays",
        time_zone: "Europe/London",
        weekdays: [1],
        at: "25:00",
        grace_minutes: -5,
      },
    });
    expect(grace.status).toBe(400);
    const graceError = ((await grace.json()) as ApiErrorBody).error;
    expect(graceError.fields).toEqual({
      "recurring_pattern.at": "“Check in by” must be a 24-hour time such as 09:00",
      "recurring_pattern.grace_minutes": "The grace period cannot be negative: choose 0 or more minutes",
    });
    expect(graceError.message).toBe(
      "“Check in by” must be a 24-hour time such as 09:00. One more field needs a change.",
    );

    const delay = await post(owner, `/api/messages/${messageId}/conditions`, {
      condition_type: "panic_trigger",
      panic_config: { unlock_delay_hours: -1 },
    });
    expect(((await delay.json()) as ApiErrorBody).error.message).toBe(
      "“Open after (hours)” cannot be negative: choose 0 to open at once.",
    );
  });

  it("only lets a condition name recipients of its message", async () => {
    const stranger = await createRecipient(owner, { name: "Not on this message" });
    const res = await post(owner, `/api/messages/${messageId}/conditions`, {
      condition_type: "panic_trigger",
      recipients: [stranger.id],
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as ApiErrorBody).error.fields!.recipients).toMatch(/recipients of this message/);
  });
});

describe("changing, arming and disarming", () => {
  it("restarts the clock when the timing changes, so a shorter threshold cannot fire at once", async () => {
    const c = await createCondition(owner, messageId, { condition_type: "no_check_in", hours_threshold: 10 });
    t.clock.advance(8 * 3600_000);
    const res = await patch(owner, `/api/conditions/${c.id}`, { hours_threshold: 1 });
    const body = (await res.json()) as ConditionBody;
    expect(res.status).toBe(200);
    expect(body.next_deadline).toBe(iso(t.clock.now().getTime() + 3600_000));
  });

  it("checks the merged condition: reminders must stay below a lowered threshold", async () => {
    const c = await createCondition(owner, messageId, {
      condition_type: "no_check_in",
      hours_threshold: 24,
      reminder_hours: [120],
    });
    const res = await patch(owner, `/api/conditions/${c.id}`, { hours_threshold: 1 });
    expect(res.status).toBe(400);
    expect(((await res.json()) as ApiErrorBody).error.fields!.reminder_hours).toMatch(
      /choose less than 1 hour before it/,
    );
    const typeChange = await patch(owner, `/api/conditions/${c.id}`, { condition_type: "panic_trigger" });
    expect(typeChange.status).toBe(400);
  });

  it("disarms (no deadline) and re-arms with a fresh clock", async () => {
    const c = await createCondition(owner, messageId, { condition_type: "no_check_in", hours_threshold: 2 });
    const disarmed = (await (await post(owner, `/api/conditions/${c.id}/disarm`, {})).json()) as ConditionBody;
    expect(disarmed).toMatchObject({ is_armed: false, active: true, next_deadline: null });
    expect(disarmed.summary).toMatch(/^Disarmed/);
    t.clock.advance(5 * 3600_000);
    const armed = (await (await post(owner, `/api/conditions/${c.id}/arm`, {})).json()) as ConditionBody;
    expect(armed).toMatchObject({
      is_armed: true,
      last_checked: iso(t.clock.now().getTime()),
      next_deadline: iso(t.clock.now().getTime() + 2 * 3600_000),
    });
  });

  it("refuses to arm a dated condition whose time has passed", async () => {
    const c = await createCondition(owner, messageId, {
      condition_type: "inactivity_to_date",
      deliver_at: iso(t.clock.now().getTime() + 3600_000),
    });
    await post(owner, `/api/conditions/${c.id}/disarm`, {});
    t.clock.advance(2 * 3600_000);
    const res = await post(owner, `/api/conditions/${c.id}/arm`, {});
    expect(res.status).toBe(409);
    expect(((await res.json()) as ApiErrorBody).error.message).toMatch(/Choose a new date/);
  });

  it("will not restart a dated condition whose time has passed by changing its window", async () => {
    const c = await createCondition(owner, messageId, {
      condition_type: "inactivity_to_date",
      deliver_at: iso(t.clock.now().getTime() + 3600_000),
    });
    t.clock.advance(2 * 3600_000);
    const res = await patch(owner, `/api/conditions/${c.id}`, { hours_threshold: 1 });
    expect(res.status).toBe(400);
    expect(((await res.json()) as ApiErrorBody).error.fields!.deliver_at).toMatch(/5 minutes from now/);
  });
});

describe("GET /api/conditions", () => {
  it("lists the caller's conditions ordered by id, and only active ones with ?active=true", async () => {
    const user = await signUpUser(t);
    const m = await createMessage(user);
    const a = await createCondition(user, m.id);
    const b = await createCondition(user, m.id, { condition_type: "panic_trigger" });
    const all = (await (await user.api("/api/conditions?active=true")).json()) as ConditionBody[];
    expect(all.map((c) => c.id)).toEqual([a.id, b.id].sort());
    for (const c of all)
      expect(Object.keys(c)).toEqual(
        expect.arrayContaining([
          "id",
          "message_id",
          "condition_type",
          "active",
          "hours_threshold",
          "created_at",
          "updated_at",
          "recipients",
          "recurring_pattern",
          "panic_config",
        ]),
      );
    expect((await user.api("/api/conditions?active=maybe")).status).toBe(400);
  });
});

describe("condition recipients", () => {
  it("disarms a condition whose only chosen recipient leaves the message, rather than widening it to everyone", async () => {
    const m = await createMessage(owner);
    const ann = await createRecipient(owner, { name: "Ann" });
    const bob = await createRecipient(owner, { name: "Bob" });
    await setRecipients(owner, m.id, [ann.id, bob.id]);
    const onlyAnn = await createCondition(owner, m.id, { condition_type: "panic_trigger", recipients: [ann.id] });
    const both = await createCondition(owner, m.id, {
      condition_type: "no_check_in",
      hours_threshold: 5,
      recipients: [ann.id, bob.id],
    });

    const res = await owner.api(`/api/recipients/${ann.id}`, { method: "DELETE" });
    expect(await res.json()).toEqual({
      removed_from_messages: [{ id: m.id, title: "For Sam" }],
      disarmed_conditions: [onlyAnn.id],
    });
    const after = (await (await owner.api(`/api/messages/${m.id}`)).json()) as {
      conditions: ConditionBody[];
      recipients: { id: string }[];
    };
    expect(after.recipients.map((r) => r.id)).toEqual([bob.id]);
    expect(after.conditions.find((c) => c.id === onlyAnn.id)).toMatchObject({ is_armed: false, recipients: [] });
    expect(after.conditions.find((c) => c.id === both.id)).toMatchObject({ is_armed: true, recipients: [bob.id] });
  });
});
