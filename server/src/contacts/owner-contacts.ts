import type { TrustedContact } from "@trigger-switch/contracts";
import { and, asc, eq, ne } from "drizzle-orm";
import type { Clock } from "../clock.ts";
import type { MasterKeys } from "../crypto/master-keys.ts";
import type { Db } from "../db/connect.ts";
import { isUuid } from "../db/owned-row.ts";
import { accessPermissions, accessRequests, trustedContacts } from "../db/schema.ts";
import { AppError } from "../errors.ts";
import { toTrustedContactDto } from "./seal-contact.ts";

/** The owner's contacts in the order they were invited, with each one's state; removed ones are gone from it. */
export async function listTrustedContacts({
  db,
  masterKeys,
  userId,
}: {
  db: Db;
  masterKeys: MasterKeys;
  userId: string;
}): Promise<TrustedContact[]> {
  const rows = await db
    .select()
    .from(trustedContacts)
    .where(and(eq(trustedContacts.userId, userId), ne(trustedContacts.state, "removed")))
    .orderBy(asc(trustedContacts.invitedAt), asc(trustedContacts.id));
  return rows.map((row) => toTrustedContactDto(masterKeys, row));
}

const notFound = () => new AppError("not_found", "There is no such trusted contact.");

/**
 * The owner removes a contact, whatever their state. The row stays, with every link of it answering
 * that they are no longer a contact; another owner's contact, or one removed already, is not found.
 */
export async function removeTrustedContact({
  db,
  clock,
  userId,
  contactId,
}: {
  db: Db;
  clock: Clock;
  userId: string;
  contactId: string;
}): Promise<void> {
  if (!isUuid(contactId)) throw notFound();
  const now = clock.now();
  await db.transaction(async (tx) => {
    const removed = await tx
      .update(trustedContacts)
      .set({ state: "removed", endedAt: now, updatedAt: now })
      .where(
        and(
          eq(trustedContacts.id, contactId),
          eq(trustedContacts.userId, userId),
          ne(trustedContacts.state, "removed"),
        ),
      )
      .returning({ id: trustedContacts.id });
    if (removed.length === 0) throw notFound();
    // Whatever they asked for and is still waiting is refused with them (they are not mailed: their links now say they were removed).
    await tx
      .update(accessRequests)
      .set({ state: "denied", decidedAt: now, updatedAt: now })
      .where(and(eq(accessRequests.contactId, contactId), eq(accessRequests.state, "waiting")));
    await tx.delete(accessPermissions).where(eq(accessPermissions.contactId, contactId));
  });
}
