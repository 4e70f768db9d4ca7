import type { MessageListItem, RecipientChannel } from "@trigger-switch/contracts";
import { desc, eq } from "drizzle-orm";
import type { Clock } from "../clock.ts";
import type { MasterKeys } from "../crypto/master-keys.ts";
import type { Db } from "../db/connect.ts";
import { messages } from "../db/schema.ts";
import { loadMessageParts } from "./load-message-parts.ts";
import { toMessageListItem } from "./to-message-list-item.ts";

/** The caller's messages, newest first (the plan caps how many there are, so no paging yet). */
export async function listMessages({
  db,
  clock,
  masterKeys,
  userId,
  timeZone,
  delivered,
}: {
  db: Db;
  clock: Clock;
  masterKeys: MasterKeys;
  userId: string;
  timeZone?: string;
  /** The channels this server sends by (`deliveredBy`): readiness counts a recipient reachable on them. */
  delivered: readonly RecipientChannel[];
}): Promise<MessageListItem[]> {
  const rows = await db
    .select()
    .from(messages)
    .where(eq(messages.userId, userId))
    .orderBy(desc(messages.createdAt), desc(messages.id));
  const parts = await loadMessageParts({
    db,
    masterKeys,
    messageIds: rows.map((r) => r.id),
    now: clock.now(),
    timeZone,
  });
  return rows.map((row) => toMessageListItem(masterKeys, row, parts.get(row.id)!, delivered));
}
