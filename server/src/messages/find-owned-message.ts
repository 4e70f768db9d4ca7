import { and, eq } from "drizzle-orm";
import type { Db } from "../db/connect.ts";
import { isUuid } from "../db/owned-row.ts";
import { messages } from "../db/schema.ts";
import { notFound } from "../errors.ts";

export type MessageRow = typeof messages.$inferSelect;

/** The caller's message, or 404 — also for another user's id, so ids reveal nothing. */
export async function findOwnedMessage({
  db,
  userId,
  messageId,
  forUpdate = false,
}: {
  db: Db;
  userId: string;
  messageId: string;
  forUpdate?: boolean;
}): Promise<MessageRow> {
  if (!isUuid(messageId)) throw notFound("Message not found");
  const query = db
    .select()
    .from(messages)
    .where(and(eq(messages.id, messageId), eq(messages.userId, userId)));
  const [row] = forUpdate ? await query.for("update") : await query;
  if (!row) throw notFound("Message not found");
  return row;
}
