import type { CancelledDelivery } from "@trigger-switch/contracts";
import { and, asc, eq, inArray } from "drizzle-orm";
import { messageCipherOf } from "../crypto/message-cipher.ts";
import type { MasterKeys } from "../crypto/master-keys.ts";
import type { Db } from "../db/connect.ts";
import { messageConditions, messages } from "../db/schema.ts";

/**
 * The dated deliveries a check-in cancelled, named for the owner: which message, and the date it
 * would have gone out. Read only when there are some (rarely), so a plain check-in stays one statement.
 */
export async function cancelledDeliveries({
  db,
  masterKeys,
  userId,
  conditionIds,
}: {
  db: Db;
  masterKeys: MasterKeys;
  userId: string;
  conditionIds: string[];
}): Promise<CancelledDelivery[]> {
  if (conditionIds.length === 0) return [];
  const rows = await db
    .select({
      conditionId: messageConditions.id,
      deliverAt: messageConditions.deliverAt,
      message: {
        id: messages.id,
        title: messages.title,
        keyId: messages.keyId,
        wrappedKey: messages.wrappedKey,
      },
    })
    .from(messageConditions)
    .innerJoin(messages, eq(messages.id, messageConditions.messageId))
    .where(and(eq(messageConditions.userId, userId), inArray(messageConditions.id, conditionIds)))
    .orderBy(asc(messageConditions.deliverAt), asc(messageConditions.id));
  return rows.flatMap((row) =>
    row.deliverAt
      ? [
          {
            condition_id: row.conditionId,
            message_id: row.message.id,
            message_title: messageCipherOf(masterKeys, row.message).openText("title", row.message.title),
            deliver_at: row.deliverAt.toISOString(),
          },
        ]
      : [],
  );
}
