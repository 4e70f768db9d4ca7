import { eq } from "drizzle-orm";
import type { Tx } from "./connect.ts";
import { users } from "./schema.ts";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ids in paths are UUIDs; anything else cannot name a row, so callers answer 404 without a query. */
export const isUuid = (id: string) => UUID.test(id);

/**
 * Serialises one user's creations (messages, recipients, attachments) so two parallel requests
 * cannot both pass a plan-limit count. Locks the account row until the transaction ends.
 */
export async function lockUserRow(tx: Tx, userId: string): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for("update");
}
