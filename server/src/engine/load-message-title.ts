import { eq } from "drizzle-orm";
import type { MasterKeys } from "../crypto/master-keys.ts";
import { messageCipherOf } from "../crypto/message-cipher.ts";
import type { Db, Tx } from "../db/connect.ts";
import { messages } from "../db/schema.ts";

/** The title of one message, opened (the parked notice names it). */
export async function loadMessageTitle({
  db,
  masterKeys,
  messageId,
}: {
  db: Db | Tx;
  masterKeys: MasterKeys;
  messageId: string;
}): Promise<string> {
  const [m] = await db
    .select({ id: messages.id, title: messages.title, keyId: messages.keyId, wrappedKey: messages.wrappedKey })
    .from(messages)
    .where(eq(messages.id, messageId));
  return m ? messageCipherOf(masterKeys, m).openText("title", m.title) : "(deleted message)";
}
