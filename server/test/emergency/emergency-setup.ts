import { eq } from "drizzle-orm";
import { messageConditions, reminderDeliveryLog, reminderSchedule } from "../../src/db/schema.ts";
import { post, put } from "../support/content.ts";
import { ownerWithMessage } from "../support/fixtures.ts";
import type { TestApp } from "../support/test-app.ts";
import type { SignedInUser } from "../support/users.ts";

/** An owner (Alex Morgan) with a message for `recipientCount` people and a panic condition. */
export const panicMessage = (t: TestApp, panicConfig: Record<string, unknown> = {}, recipientCount = 2) =>
  ownerWithMessage(t, { condition_type: "panic_trigger", panic_config: panicConfig }, recipientCount);

/** Presses the emergency button for a message, as the spec's client does. */
export async function press(
  user: SignedInUser,
  messageId: string,
  extra: Record<string, unknown> = {},
): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await post(user, "/functions/v1/send-message-notifications", {
    messageId,
    isEmergency: true,
    forceSend: true,
    ...extra,
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

/** Shares a position on the message (the client does this just before pressing). */
export async function shareLocation(
  user: SignedInUser,
  messageId: string,
  latitude: number,
  longitude: number,
  accuracy?: number,
) {
  const res = await put(user, `/api/messages/${messageId}/location`, {
    latitude,
    longitude,
    ...(accuracy === undefined ? {} : { accuracy }),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

export const panicRows = (t: TestApp, conditionId: string) =>
  t.database.db.select().from(reminderSchedule).where(eq(reminderSchedule.conditionId, conditionId));
export const logRows = (t: TestApp, messageId: string) =>
  t.database.db.select().from(reminderDeliveryLog).where(eq(reminderDeliveryLog.messageId, messageId));
export const conditionRow = async (t: TestApp, conditionId: string) =>
  (await t.database.db.select().from(messageConditions).where(eq(messageConditions.id, conditionId)))[0]!;
