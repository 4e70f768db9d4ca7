import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { messageConditions } from "../../src/db/schema.ts";
import {
  createCondition,
  createMessage,
  createRecipient,
  patch,
  post,
  uploadFile,
  type ApiErrorBody,
} from "../support/content.ts";
import { startTestApp, type TestApp } from "../support/test-app.ts";
import { signUpUser } from "../support/users.ts";

let free: TestApp;
let selfHosted: TestApp;
beforeAll(async () => {
  // One after the other: two servers starting at once on a busy machine can exceed Fastify's plugin timeout.
  free = await startTestApp({ AUTH_AUTOCONFIRM: "true", DEFAULT_PLAN: "free" });
  selfHosted = await startTestApp({ AUTH_AUTOCONFIRM: "true" });
});
afterAll(async () => {
  await free?.close();
  await selfHosted?.close();
});

const errorOf = async (res: Response) => {
  expect(res.status).toBe(403);
  return ((await res.json()) as ApiErrorBody).error;
};
const OPERATOR = "The operator of this service chooses the plan (DEFAULT_PLAN).";

describe("with billing off and DEFAULT_PLAN=free", () => {
  it("refuses the 4th message, saying the limit, the usage and how to lift it", async () => {
    const user = await signUpUser(free);
    for (let i = 0; i < 3; i++) await createMessage(user, { title: `m${i}` });
    const error = await errorOf(await post(user, "/api/messages", { title: "one too many", text_content: "" }));
    expect(error).toEqual({
      code: "plan_limit",
      message: `Your Free plan allows 3 messages and you have 3. Delete a message. ${OPERATOR}`,
    });
    // Nothing here offers an upgrade that does not exist.
    expect(error.message).not.toMatch(/upgrade/i);
  });

  it("refuses the 6th recipient", async () => {
    const user = await signUpUser(free);
    for (let i = 0; i < 5; i++) await createRecipient(user, { name: `R${i}` });
    expect(
      (await errorOf(await post(user, "/api/recipients", { name: "One more", email: "x@example.com" }))).message,
    ).toBe(`Your Free plan allows 5 recipients and you have 5. Delete a recipient. ${OPERATOR}`);
  });

  it("refuses a 4th attachment on a message and a file over 10 MB, keeping nothing of the refused upload", async () => {
    const user = await signUpUser(free);
    const m = await createMessage(user);
    for (let i = 0; i < 3; i++)
      expect((await uploadFile(user, m.id, Buffer.from(`note ${i}\n`), `n${i}.txt`, "text/plain")).status).toBe(201);
    const fourth = await errorOf(await uploadFile(user, m.id, Buffer.from("four\n"), "n4.txt", "text/plain"));
    expect(fourth).toMatchObject({
      message: `Your Free plan allows 3 attachments per message and this one has 3. Delete an attachment. ${OPERATOR}`,
      fields: { file: "At most 3 attachments on your plan" },
    });

    const other = await createMessage(user, { title: "big" });
    const big = Buffer.alloc(11 * 1024 * 1024, "a");
    const error = await errorOf(await uploadFile(user, other.id, big, "big.txt", "text/plain"));
    expect(error.message).toBe(
      `Your Free plan allows files of up to 10 MB and this one is 11 MB. Choose a smaller file. ${OPERATOR}`,
    );
    expect(
      ((await (await user.api(`/api/messages/${other.id}`)).json()) as { attachments: unknown[] }).attachments,
    ).toEqual([]);
  });

  it("refuses a check-in interval under a day when a switch is created, retimed or armed again", async () => {
    const user = await signUpUser(free);
    const m = await createMessage(user);
    const error = await errorOf(
      await post(user, `/api/messages/${m.id}/conditions`, { condition_type: "no_check_in", hours_threshold: 1 }),
    );
    expect(error).toMatchObject({
      message: `Your Free plan allows check-in intervals of 1 day or more and this switch asks for 1 hour. Choose 1 day or more. ${OPERATOR}`,
      fields: { hours_threshold: "At least 1 day on your plan" },
    });
    const daily = await createCondition(user, m.id, { condition_type: "no_check_in", hours_threshold: 24 });
    await errorOf(await patch(user, `/api/conditions/${daily.id}`, { hours_threshold: 23, minutes_threshold: 59 }));
    // Recurring schedules are daily at the most, so any of them fits.
    expect(
      (
        await post(user, `/api/messages/${m.id}/conditions`, {
          condition_type: "recurring_check_in",
          recurring_pattern: {
            kind: "weekdays",
            time_zone: "Europe/London",
            weekdays: [1, 2, 3, 4, 5, 6, 7],
            at: "09:00",
            grace_minutes: 30,
          },
        })
      ).status,
    ).toBe(201);
  });

  it("leaves a switch that is already shorter (as after a downgrade) armed and editable, but will not arm it again", async () => {
    const user = await signUpUser(free);
    const m = await createMessage(user);
    const c = await createCondition(user, m.id, { condition_type: "no_check_in", hours_threshold: 24 });
    // What a Plus account that went back to Free has: a one-hour switch.
    await free.database.db.update(messageConditions).set({ hoursThreshold: 1 }).where(eq(messageConditions.id, c.id));
    expect((await patch(user, `/api/conditions/${c.id}`, { reminder_hours: [30] })).status).toBe(200);
    const [row] = await free.database.db.select().from(messageConditions).where(eq(messageConditions.id, c.id));
    expect(row).toMatchObject({ isArmed: true, active: true, hoursThreshold: 1 });
    expect((await post(user, `/api/conditions/${c.id}/disarm`, {})).status).toBe(200);
    expect((await errorOf(await post(user, `/api/conditions/${c.id}/arm`, {}))).message).toMatch(
      /allows check-in intervals of 1 day or more and this switch asks for 1 hour/,
    );
  });
});

describe("with billing off and the default DEFAULT_PLAN (plus)", () => {
  it("lets a self-hoster use Plus's limits: short intervals, more messages and recipients", async () => {
    const user = await signUpUser(selfHosted);
    for (let i = 0; i < 4; i++) await createMessage(user, { title: `m${i}` });
    for (let i = 0; i < 6; i++) await createRecipient(user, { name: `R${i}` });
    const m = await createMessage(user);
    expect(
      (await post(user, `/api/messages/${m.id}/conditions`, { condition_type: "no_check_in", minutes_threshold: 15 }))
        .status,
    ).toBe(201);
    const billing = (await (await user.api("/api/billing")).json()) as Record<string, unknown>;
    expect(billing).toMatchObject({
      billing_enabled: false,
      plan: "plus",
      subscription: null,
      over_limit: [],
      usage: { messages: 5, recipients: 6 },
    });
  });

  it("says the limit and that deleting is the way when the top plan is full", async () => {
    const user = await signUpUser(selfHosted);
    const m = await createMessage(user);
    for (let i = 0; i < 10; i++) await uploadFile(user, m.id, Buffer.from(`n${i}\n`), `n${i}.txt`, "text/plain");
    expect((await errorOf(await uploadFile(user, m.id, Buffer.from("x\n"), "x.txt", "text/plain"))).message).toBe(
      "Your Plus plan allows 10 attachments per message and this one has 10. Delete an attachment.",
    );
  });
});
