import { messageReceiptsSchema } from "@trigger-switch/contracts";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { reminderDeliveryLog } from "../../src/db/schema.ts";
import { del } from "../support/content.ts";
import { HOUR, tick, travel } from "../support/engine.ts";
import { engineAppWithSink, ownerWithMessage } from "../support/fixtures.ts";
import type { TestApp } from "../support/test-app.ts";

let t: TestApp;
beforeAll(async () => {
  ({ t } = await engineAppWithSink());
});
afterAll(() => t.close());

describe("the delivery receipts of an ordinary e-mail release", () => {
  it("name each recipient who still exists, and only a deleted one as deleted", async () => {
    const { owner, messageId, recipientIds, recipientEmails } = await ownerWithMessage(
      t,
      { condition_type: "no_check_in", hours_threshold: 1 },
      2,
    );
    await travel(t, HOUR);
    await tick(t);

    // The engine's own log row of each recipient's mail says whom it was for (the owner's notice: nobody).
    const logged = (
      await t.database.db.select().from(reminderDeliveryLog).where(eq(reminderDeliveryLog.messageId, messageId))
    ).filter((r) => r.responseData.kind === "release");
    expect(logged.map((r) => [r.recipient, r.recipientId]).sort()).toEqual(
      recipientEmails.map((email, i) => [email, recipientIds[i]]).sort(),
    );

    const receipts = async () =>
      messageReceiptsSchema.parse(await (await owner.api(`/api/messages/${messageId}/receipts`)).json());
    const names = await Promise.all(
      recipientIds.map(
        async (id) => ((await (await owner.api(`/api/recipients/${id}`)).json()) as { name: string }).name,
      ),
    );
    const before = await receipts();
    expect(before.map((r) => [r.recipient_id, r.recipient_name, r.channel, r.status]).sort()).toEqual(
      recipientIds.map((id, i) => [id, names[i], "email", "sent"]).sort(),
    );
    expect(new Set(before.map((r) => r.delivery_id)).size).toBe(2);

    expect((await del(owner, `/api/recipients/${recipientIds[1]}`)).status).toBe(200);
    const after = await receipts();
    expect(after.map((r) => [r.recipient_name, r.address]).sort()).toEqual(
      [
        [names[0], recipientEmails[0]],
        ["A deleted recipient", recipientEmails[1]],
      ].sort(),
    );
  });
});
