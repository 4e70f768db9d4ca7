import type { RealtimeConditionUpdate } from "@trigger-switch/contracts";
import { and, eq } from "drizzle-orm";
import { z } from "zod";
import type { Clock } from "../clock.ts";
import type { Db } from "../db/connect.ts";
import { messageConditions, messages } from "../db/schema.ts";
import { toConditionDto } from "../conditions/to-condition-dto.ts";

/** The NOTIFY payload of migration 0004; parsed because it crosses a process boundary. */
export const conditionNotificationSchema = z.object({
  id: z.string(),
  message_id: z.string(),
  old: z.object({ last_checked: z.string(), is_armed: z.boolean(), active: z.boolean() }),
});
export type ConditionNotification = z.infer<typeof conditionNotificationSchema>;

/** The owner of the notified condition's message, or null when it is gone (deleted since). */
export async function findNotificationOwner({
  db,
  notification,
}: {
  db: Db;
  notification: ConditionNotification;
}): Promise<string | null> {
  const [row] = await db
    .select({ userId: messages.userId })
    .from(messages)
    .where(eq(messages.id, notification.message_id));
  return row?.userId ?? null;
}

/**
 * The UPDATE frame for the owner: `new` is the condition as it is now, exactly as
 * GET /api/conditions/:id answers (no `?tz`), `old` the values before the update.
 * Null when the condition was deleted in the meantime.
 */
export async function loadConditionUpdate({
  db,
  clock,
  notification,
  userId,
}: {
  db: Db;
  clock: Clock;
  notification: ConditionNotification;
  userId: string;
}): Promise<RealtimeConditionUpdate | null> {
  const [row] = await db
    .select()
    .from(messageConditions)
    .where(and(eq(messageConditions.id, notification.id), eq(messageConditions.userId, userId)));
  if (!row) return null;
  return {
    type: "UPDATE",
    table: "message_conditions",
    new: toConditionDto(row, clock.now()),
    old: {
      id: row.id,
      // PostgreSQL's JSON text of a timestamptz; the wire uses the same ISO form as the DTO.
      last_checked: new Date(notification.old.last_checked).toISOString(),
      is_armed: notification.old.is_armed,
      active: notification.old.active,
    },
  };
}
