import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { reminderSchedule } from "../../src/db/schema.ts";
import { post } from "../support/content.ts";
import { HOUR, mailsTo, travel } from "../support/engine.ts";
import { engineAppWithSink, ownerWithMessage } from "../support/fixtures.ts";
import type { SmtpSink } from "../support/smtp-sink.ts";
import type { TestApp } from "../support/test-app.ts";
import { signUpUser } from "../support/users.ts";

let sink: SmtpSink;
let t: TestApp;
beforeAll(async () => {
  ({ t, sink } = await engineAppWithSink());
});
afterAll(() => t.close());

const finalRow = async (conditionId: string) =>
  (await t.database.db.select().from(reminderSchedule).where(eq(reminderSchedule.conditionId, conditionId))).find(
    (r) => r.reminderType === "final_delivery",
  )!;

describe("POST /functions/v1/send-reminder-emails (the audit's finding 6)", () => {
  it("runs only the caller's own due work and reports only that", async () => {
    const alex = await ownerWithMessage(t, { condition_type: "no_check_in", hours_threshold: 1 }, 1);
    await travel(t, HOUR);
    expect((await finalRow(alex.conditionId)).status).toBe("pending");

    const stranger = await signUpUser(t);
    const theirs = await post(stranger, "/functions/v1/send-reminder-emails", { action: "process" });
    expect(await theirs.json()).toEqual({ success: true, error: null, processed: 0 });
    expect((await finalRow(alex.conditionId)).status).toBe("pending");
    expect(mailsTo(sink, alex.recipientEmails[0]!)).toHaveLength(0);

    const own = await post(alex.owner, "/functions/v1/send-reminder-emails", { action: "process" });
    expect(await own.json()).toEqual({ success: true, error: null, processed: 1 });
    expect((await finalRow(alex.conditionId)).status).toBe("sent");
    expect(mailsTo(sink, alex.recipientEmails[0]!)).toHaveLength(1);
  });
});
