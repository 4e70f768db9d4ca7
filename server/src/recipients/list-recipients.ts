import type { Recipient } from "@trigger-switch/contracts";
import { eq } from "drizzle-orm";
import type { MasterKeys } from "../crypto/master-keys.ts";
import type { Db } from "../db/connect.ts";
import { recipients } from "../db/schema.ts";
import { byName } from "./by-name.ts";
import { openRecipient } from "./seal-recipient.ts";
import { toRecipientDto } from "./to-recipient-dto.ts";

/** The caller's recipients by name (sorted here: names are sealed, the database cannot order them). */
export async function listRecipients({
  db,
  masterKeys,
  userId,
}: {
  db: Db;
  masterKeys: MasterKeys;
  userId: string;
}): Promise<Recipient[]> {
  const rows = await db.select().from(recipients).where(eq(recipients.userId, userId));
  return rows.map((row) => toRecipientDto(openRecipient(masterKeys, row))).sort(byName);
}
