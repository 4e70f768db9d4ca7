import type { AccessPermission } from "@trigger-switch/contracts";
import { and, asc, eq, inArray, notInArray } from "drizzle-orm";
import type { Clock } from "../clock.ts";
import type { MasterKeys } from "../crypto/master-keys.ts";
import type { Db } from "../db/connect.ts";
import { accessPermissions, accessRequests, trustedContacts } from "../db/schema.ts";
import { AppError } from "../errors.ts";
import { findOwnedMessage } from "../messages/find-owned-message.ts";
import { denyWaiting } from "./decide-access-request.ts";

/** Who may ask for a message (docs/decisions/041), in the order they were allowed. */
export async function readAccessPermissions({
  db,
  userId,
  messageId,
}: {
  db: Db;
  userId: string;
  messageId: string;
}): Promise<AccessPermission[]> {
  const message = await findOwnedMessage({ db, userId, messageId });
  const rows = await db
    .select()
    .from(accessPermissions)
    .where(eq(accessPermissions.messageId, message.id))
    .orderBy(asc(accessPermissions.createdAt), asc(accessPermissions.contactId));
  return rows.map((r) => ({ contact_id: r.contactId, waiting_hours: r.waitingHours }));
}

/**
 * Replaces who may ask for a message. Only the owner's active contacts may be named. A contact taken
 * off the list has their waiting request for it denied in the same transaction: the owner took back
 * the permission, so nothing may go out on it (and the contact is told, as for any Deny). A changed waiting period applies to later requests;
 * one already waiting keeps the time it was promised.
 */
export async function setAccessPermissions({
  db,
  clock,
  masterKeys,
  userId,
  messageId,
  permissions,
}: {
  db: Db;
  clock: Clock;
  masterKeys: MasterKeys;
  userId: string;
  messageId: string;
  permissions: AccessPermission[];
}): Promise<void> {
  const now = clock.now();
  await db.transaction(async (tx) => {
    const message = await findOwnedMessage({ db: tx, userId, messageId, forUpdate: true });
    const ids = permissions.map((p) => p.contact_id);
    if (ids.length > 0) {
      const active = await tx
        .select({ id: trustedContacts.id })
        .from(trustedContacts)
        .where(
          and(
            eq(trustedContacts.userId, userId),
            eq(trustedContacts.state, "active"),
            inArray(trustedContacts.id, ids),
          ),
        );
      if (active.length !== new Set(ids).size)
        throw new AppError(
          "validation_failed",
          "Only trusted contacts who have accepted your invitation can be allowed to ask.",
          { permissions: "Choose contacts who have accepted" },
        );
    }
    const kept = await tx.select().from(accessPermissions).where(eq(accessPermissions.messageId, message.id));
    const since = new Map(kept.map((k) => [k.contactId, k.createdAt]));
    await tx.delete(accessPermissions).where(eq(accessPermissions.messageId, message.id));
    if (permissions.length > 0)
      await tx.insert(accessPermissions).values(
        permissions.map((p) => ({
          messageId: message.id,
          contactId: p.contact_id,
          userId,
          waitingHours: p.waiting_hours,
          createdAt: since.get(p.contact_id) ?? now,
        })),
      );
    await denyWaiting(tx, {
      masterKeys,
      now,
      where: and(
        eq(accessRequests.messageId, message.id),
        ids.length > 0 ? notInArray(accessRequests.contactId, ids) : undefined,
      )!,
      tellContact: true,
    });
  });
}
