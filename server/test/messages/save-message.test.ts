import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { messageConditions, messages, reminderSchedule } from "../../src/db/schema.ts";
import { startTestApp, type TestApp } from "../support/test-app.ts";
import { signUpUser, type SignedInUser } from "../support/users.ts";
import {
  createCondition,
  createMessage,
  createRecipient,
  post,
  put,
  uploadFile,
  type ApiErrorBody,
} from "../support/content.ts";

interface SavedMessage {
  id: string;
  title: string;
  text_content: string;
  ready: boolean;
  recipients: { id: string }[];
  conditions: {
    id: string;
    condition_type: string;
    is_armed: boolean;
    active: boolean;
    next_deadline: string | null;
    last_checked: string | null;
  }[];
  attachments: { id: string }[];
}

let t: TestApp;

beforeAll(async () => {
  // The free plan, so its limits can be reached in a test.
  t = await startTestApp({ AUTH_AUTOCONFIRM: "true", DEFAULT_PLAN: "free" });
});
afterAll(() => t.close());

const read = async (user: SignedInUser, id: string) =>
  (await (await user.api(`/api/messages/${id}`)).json()) as SavedMessage;
const messageCount = async (user: SignedInUser) =>
  (await t.database.db.select({ id: messages.id }).from(messages).where(eq(messages.userId, user.id))).length;
const pendingSchedule = async (user: SignedInUser) =>
  (await t.database.db.select().from(reminderSchedule).where(eq(reminderSchedule.userId, user.id))).filter(
    (r) => r.status === "pending",
  );

describe("POST /api/messages/save: a new message in one request", () => {
  it("writes the text, the recipients and an armed condition together", async () => {
    const owner = await signUpUser(t);
    const sam = await createRecipient(owner);
    const res = await post(owner, "/api/messages/save", {
      title: "For Sam",
      text_content: "The spare key is under the blue pot.",
      recipient_ids: [sam.id],
      add_conditions: [{ condition_type: "no_check_in", hours_threshold: 24, reminder_hours: [60] }],
    });
    expect(res.status).toBe(201);
    const body = (await res.json()) as SavedMessage;
    expect(body).toMatchObject({ title: "For Sam", ready: true, recipients: [{ id: sam.id }] });
    expect(body.conditions).toEqual([
      expect.objectContaining({ condition_type: "no_check_in", is_armed: true, active: true }),
    ]);
    expect(new Date(body.conditions[0]!.next_deadline!).getTime()).toBe(t.clock.now().getTime() + 24 * 3600_000);
    expect((await pendingSchedule(owner)).map((r) => r.reminderType).sort()).toEqual(["final_delivery", "reminder"]);
  });

  it("saves nothing when one condition is refused: no message, no condition armed", async () => {
    const owner = await signUpUser(t);
    const sam = await createRecipient(owner);
    const alan = await createRecipient(owner, { name: "Alan", email: "alan@example.com" });
    const res = await post(owner, "/api/messages/save", {
      title: "For Sam",
      recipient_ids: [sam.id],
      add_conditions: [
        { condition_type: "no_check_in", hours_threshold: 24 },
        // Alan is not a recipient of this message: only the server can know that.
        { condition_type: "no_check_in", hours_threshold: 48, recipients: [alan.id] },
      ],
    });
    expect(res.status).toBe(400);
    const error = ((await res.json()) as ApiErrorBody).error;
    expect(error.code).toBe("validation_failed");
    expect(error.fields).toEqual({
      "add_conditions.1.recipients": expect.stringMatching(/recipients of this message/),
    });
    expect(await messageCount(owner)).toBe(0);
    expect(await t.database.db.select().from(messageConditions).where(eq(messageConditions.userId, owner.id))).toEqual(
      [],
    );
    expect(await pendingSchedule(owner)).toEqual([]);
  });

  it("checks the body at the edge and names the field", async () => {
    const owner = await signUpUser(t);
    const res = await post(owner, "/api/messages/save", {
      title: "x",
      add_conditions: [{ condition_type: "whenever" }],
    });
    expect(res.status).toBe(400);
    const error = ((await res.json()) as ApiErrorBody).error;
    expect(Object.keys(error.fields!)).toEqual(["add_conditions.0.condition_type"]);
    expect(await messageCount(owner)).toBe(0);
  });

  it("keeps the plan's message limit, and writes nothing past it", async () => {
    const owner = await signUpUser(t);
    const sam = await createRecipient(owner);
    for (let i = 0; i < 3; i++) await createMessage(owner);
    const res = await post(owner, "/api/messages/save", {
      title: "Fourth",
      recipient_ids: [sam.id],
      add_conditions: [{ condition_type: "no_check_in", hours_threshold: 24 }],
    });
    expect(res.status).toBe(403);
    expect(((await res.json()) as ApiErrorBody).error.code).toBe("plan_limit");
    expect(await messageCount(owner)).toBe(3);
    expect(await pendingSchedule(owner)).toEqual([]);
  });

  it("keeps the plan's shortest check-in interval for a condition", async () => {
    const owner = await signUpUser(t);
    const res = await post(owner, "/api/messages/save", {
      title: "Quick",
      add_conditions: [{ condition_type: "no_check_in", hours_threshold: 0, minutes_threshold: 5 }],
    });
    expect(res.status).toBe(403);
    const error = ((await res.json()) as ApiErrorBody).error;
    expect(error.code).toBe("plan_limit");
    expect(Object.keys(error.fields!)).toEqual(["add_conditions.0.hours_threshold"]);
    expect(await messageCount(owner)).toBe(0);
  });
});

describe("PUT /api/messages/:id: an edit in one request", () => {
  async function setUp() {
    const owner = await signUpUser(t);
    const sam = await createRecipient(owner);
    const alan = await createRecipient(owner, { name: "Alan", email: "alan@example.com" });
    const message = await createMessage(owner, { title: "Before", text_content: "Old text" });
    await put(owner, `/api/messages/${message.id}/recipients`, { recipient_ids: [sam.id] });
    const condition = await createCondition(owner, message.id, { condition_type: "no_check_in", hours_threshold: 24 });
    return { owner, sam, alan, message, condition };
  }

  it("leaves the message exactly as it was when a condition change is refused", async () => {
    const { owner, sam, alan, message, condition } = await setUp();
    const before = await read(owner, message.id);
    const scheduleBefore = await pendingSchedule(owner);
    t.clock.advance(10 * 60_000);
    const res = await put(owner, `/api/messages/${message.id}`, {
      title: "After",
      text_content: "New text",
      recipient_ids: [sam.id, alan.id],
      add_conditions: [{ condition_type: "no_check_in", hours_threshold: 12 }],
      // A 30-hour reminder on a 24-hour switch: refused once merged with the stored condition.
      change_conditions: [{ id: condition.id, changes: { reminder_hours: [1800] } }],
    });
    expect(res.status).toBe(400);
    expect(Object.keys(((await res.json()) as ApiErrorBody).error.fields!)).toEqual([
      "change_conditions.0.changes.reminder_hours",
    ]);
    expect(await read(owner, message.id)).toEqual(before);
    expect(await pendingSchedule(owner)).toEqual(scheduleBefore);
  });

  it("saves text, recipients, condition changes and removed attachments together", async () => {
    const { owner, sam, alan, message, condition } = await setUp();
    const upload = (await (
      await uploadFile(owner, message.id, Buffer.from("hello"), "note.txt", "text/plain")
    ).json()) as { id: string };
    const res = await put(owner, `/api/messages/${message.id}`, {
      title: "After",
      text_content: "New text",
      recipient_ids: [sam.id, alan.id],
      remove_condition_ids: [condition.id],
      add_conditions: [{ condition_type: "no_check_in", hours_threshold: 48, recipients: [alan.id] }],
      remove_attachment_ids: [upload.id],
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as SavedMessage;
    expect(body).toMatchObject({ title: "After", text_content: "New text", attachments: [] });
    expect(body.recipients.map((r) => r.id).sort()).toEqual([sam.id, alan.id].sort());
    expect(body.conditions).toEqual([expect.objectContaining({ is_armed: true })]);
    expect(body.conditions[0]!.id).not.toBe(condition.id);
    expect((await owner.api(`/api/messages/${message.id}/attachments/${upload.id}`)).status).toBe(404);
  });

  it("leaves an untouched condition's clock alone", async () => {
    const { owner, sam, message } = await setUp();
    const before = await read(owner, message.id);
    t.clock.advance(20 * 60_000);
    const res = await put(owner, `/api/messages/${message.id}`, {
      title: "Renamed",
      text_content: "Old text",
      recipient_ids: [sam.id],
    });
    expect(res.status).toBe(200);
    const after = (await res.json()) as SavedMessage;
    expect(after.conditions[0]!.next_deadline).toBe(before.conditions[0]!.next_deadline);
    expect(after.conditions[0]!.last_checked).toBe(before.conditions[0]!.last_checked);
  });

  it("takes a condition sent back whole with a new reminder as it is: its clock runs on, even past a downgrade", async () => {
    const { owner, sam, message, condition } = await setUp();
    // What a Plus account that went back to Free has: a one-hour switch, shorter than Free allows.
    await t.database.db
      .update(messageConditions)
      .set({ hoursThreshold: 1, minutesThreshold: 0 })
      .where(eq(messageConditions.id, condition.id));
    const before = await read(owner, message.id);
    t.clock.advance(10 * 60_000);
    // The editor sends every field of the condition it saves, changed or not.
    const whole = { hours_threshold: 1, minutes_threshold: 0, recurring_pattern: null, deliver_at: null };
    const res = await put(owner, `/api/messages/${message.id}`, {
      title: "Before",
      text_content: "Old text",
      recipient_ids: [sam.id],
      change_conditions: [{ id: condition.id, changes: { ...whole, reminder_hours: [30] } }],
    });
    expect(res.status).toBe(200);
    const after = (await res.json()) as SavedMessage;
    expect(after.conditions[0]!.last_checked).toBe(before.conditions[0]!.last_checked);
    expect(after.conditions[0]!.next_deadline).toBe(before.conditions[0]!.next_deadline);
    // A new timing is a new promise, and is held to the plan.
    const shorter = await put(owner, `/api/messages/${message.id}`, {
      title: "Before",
      text_content: "Old text",
      recipient_ids: [sam.id],
      change_conditions: [
        { id: condition.id, changes: { ...whole, hours_threshold: 0, minutes_threshold: 30, reminder_hours: [10] } },
      ],
    });
    expect(shorter.status).toBe(403);
    expect(((await shorter.json()) as ApiErrorBody).error.message).toMatch(
      /allows check-in intervals of 1 day or more/,
    );
  });

  it("answers 404 for another user's message or condition, and changes nothing", async () => {
    const { owner, sam, message, condition } = await setUp();
    const stranger = await signUpUser(t);
    const theirs = await put(stranger, `/api/messages/${message.id}`, { title: "Mine now", recipient_ids: [] });
    expect(theirs.status).toBe(404);
    const own = await createMessage(stranger);
    const reach = await put(stranger, `/api/messages/${own.id}`, {
      title: "Mine",
      remove_condition_ids: [condition.id],
    });
    expect(reach.status).toBe(404);
    const after = await read(owner, message.id);
    expect(after).toMatchObject({ title: "Before", recipients: [{ id: sam.id }], conditions: [{ id: condition.id }] });
    // A condition of the owner's other message cannot be moved or removed through this one either.
    const other = await createMessage(owner, { title: "Other" });
    expect(
      (await put(owner, `/api/messages/${other.id}`, { title: "Other", remove_condition_ids: [condition.id] })).status,
    ).toBe(404);
    expect((await read(owner, message.id)).conditions).toHaveLength(1);
  });
});
