import type { RecipientChannel } from "@trigger-switch/contracts";
import { eq } from "drizzle-orm";
import type { Db } from "../db/connect.ts";
import { messageRecipients, recipients } from "../db/schema.ts";

/** Whom a condition delivers to: its subset of the message's recipients, or all of them when the subset is empty. */
export async function conditionRecipients({
  db,
  messageId,
  subset,
}: {
  db: Db;
  messageId: string;
  subset: string[];
}): Promise<{ id: string; email: string | null; phone: string | null; channels: RecipientChannel[] }[]> {
  const linked = await db
    .select({ id: recipients.id, email: recipients.email, phone: recipients.phone, channels: recipients.channels })
    .from(messageRecipients)
    .innerJoin(recipients, eq(recipients.id, messageRecipients.recipientId))
    .where(eq(messageRecipients.messageId, messageId));
  const chosen = new Set(subset);
  return chosen.size === 0 ? linked : linked.filter((r) => chosen.has(r.id));
}
