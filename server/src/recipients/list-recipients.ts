import type { Recipient } from "@trigger-switch/contracts";
import { asc, eq } from "drizzle-orm";
import type { Db } from "../db/connect.ts";
import { recipients } from "../db/schema.ts";
import { toRecipientDto } from "./to-recipient-dto.ts";

export async function listRecipients({ db, userId }: { db: Db; userId: string }): Promise<Recipient[]> {
  const rows = await db.select().from(recipients).where(eq(recipients.userId, userId)).orderBy(asc(recipients.name), asc(recipients.id));
  return rows.map(toRecipientDto);
}
