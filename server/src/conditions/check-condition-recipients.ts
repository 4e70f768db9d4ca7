import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "../db/connect.ts";
import { messageRecipients } from "../db/schema.ts";
import { AppError } from "../errors.ts";

/** A condition may be limited to some of its message's recipients, never to anyone else. */
export async function checkConditionRecipients({
  db,
  messageId,
  ids,
}: {
  db: Db;
  messageId: string;
  ids: string[];
}): Promise<void> {
  if (ids.length === 0) return;
  const linked = await db
    .select({ id: messageRecipients.recipientId })
    .from(messageRecipients)
    .where(and(eq(messageRecipients.messageId, messageId), inArray(messageRecipients.recipientId, ids)));
  if (linked.length !== new Set(ids).size) {
    throw new AppError("validation_failed", "A condition can only name recipients of its message.", {
      recipients: "Choose recipients of this message (add them to the message first)",
    });
  }
}
