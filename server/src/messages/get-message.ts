import type { Message, RecipientChannel } from "@trigger-switch/contracts";
import type { Clock } from "../clock.ts";
import type { MasterKeys } from "../crypto/master-keys.ts";
import type { Db } from "../db/connect.ts";
import { findOwnedMessage } from "./find-owned-message.ts";
import { loadMessageParts } from "./load-message-parts.ts";
import { toMessageDto } from "./to-message-dto.ts";

export async function getMessage({
  db,
  clock,
  masterKeys,
  userId,
  messageId,
  timeZone,
  delivered,
}: {
  db: Db;
  clock: Clock;
  masterKeys: MasterKeys;
  userId: string;
  messageId: string;
  timeZone?: string;
  /** The channels this server sends by (`deliveredBy`): readiness counts a recipient reachable on them. */
  delivered: readonly RecipientChannel[];
}): Promise<Message> {
  const row = await findOwnedMessage({ db, userId, messageId });
  const parts = await loadMessageParts({ db, masterKeys, messageIds: [row.id], now: clock.now(), timeZone });
  return toMessageDto(masterKeys, row, parts.get(row.id)!, delivered);
}
