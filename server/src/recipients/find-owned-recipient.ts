import { and, eq } from "drizzle-orm";
import type { MasterKeys } from "../crypto/master-keys.ts";
import type { Db } from "../db/connect.ts";
import { isUuid } from "../db/owned-row.ts";
import { recipients } from "../db/schema.ts";
import { notFound } from "../errors.ts";
import { openRecipient, type RecipientRow } from "./seal-recipient.ts";

/** The caller's recipient (name and note opened), or 404 — also for someone else's id, so ids reveal nothing. */
export async function findOwnedRecipient({
  db,
  masterKeys,
  userId,
  recipientId,
}: {
  db: Db;
  masterKeys: MasterKeys;
  userId: string;
  recipientId: string;
}): Promise<RecipientRow> {
  const [row] = isUuid(recipientId)
    ? await db
        .select()
        .from(recipients)
        .where(and(eq(recipients.id, recipientId), eq(recipients.userId, userId)))
    : [];
  if (!row) throw notFound("Recipient not found");
  return openRecipient(masterKeys, row);
}
