import type { RealtimeConditionUpdate } from "@trigger-switch/contracts";
import { and, eq } from "drizzle-orm";
import { z } from "zod";
import type { Clock } from "../clock.ts";
import type { Db } from "../db/connect.ts";
import { inIds } from "../db/in-ids.ts";
import { messageConditions, messages } from "../db/schema.ts";
import { toConditionDto } from "../conditions/to-condition-dto.ts";

/** The NOTIFY payload of migration 0004; parsed because it crosses a process boundary. */
export const conditionNotificationSchema = z.object({
  id: z.uuid(),
  message_id: z.uuid(),
  old: z.object({
    last_checked: z.string().refine((text) => !Number.isNaN(Date.parse(text))),
    is_armed: z.boolean(),
    active: z.boolean(),
  }),
});
export type ConditionNotification = z.infer<typeof conditionNotificationSchema>;

/**
 * The UPDATE frames of a batch of notifications, in their order, each with its owner: `new` is the
 * condition as it is now, exactly as GET /api/conditions/:id answers (no `?tz`), `old` the values
 * before that update. One query for the whole batch, and only for owners `wanted` (those with a
 * socket here). A condition deleted since, or whose message is not its owner's, gives no frame.
 */
export async function loadConditionUpdates({
  db,
  clock,
  notifications,
  wanted,
}: {
  db: Db;
  clock: Clock;
  notifications: ConditionNotification[];
  wanted: (userId: string) => boolean;
}): Promise<{ userId: string; update: RealtimeConditionUpdate }[]> {
  if (notifications.length === 0) return [];
  const rows = await db
    .select({ condition: messageConditions })
    .from(messageConditions)
    .innerJoin(
      messages,
      and(eq(messages.id, messageConditions.messageId), eq(messages.userId, messageConditions.userId)),
    )
    .where(inIds(messageConditions.id, [...new Set(notifications.map((n) => n.id))]));
  const now = clock.now();
  const current = new Map(
    rows.filter((r) => wanted(r.condition.userId)).map((r) => [r.condition.id, r.condition] as const),
  );
  return notifications.flatMap((notification) => {
    const row = current.get(notification.id);
    if (!row || row.messageId !== notification.message_id) return [];
    return [
      {
        userId: row.userId,
        update: {
          type: "UPDATE" as const,
          table: "message_conditions" as const,
          new: toConditionDto(row, now),
          old: {
            id: row.id,
            // PostgreSQL's JSON text of a timestamptz; the wire uses the same ISO form as the DTO.
            last_checked: new Date(notification.old.last_checked).toISOString(),
            is_armed: notification.old.is_armed,
            active: notification.old.active,
          },
        },
      },
    ];
  });
}
