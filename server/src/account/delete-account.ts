import { and, eq, inArray } from "drizzle-orm";
import type { AttachmentStorage } from "../attachments/attachment-storage.ts";
import type { Clock } from "../clock.ts";
import type { Db } from "../db/connect.ts";
import type { MasterKeys } from "../crypto/master-keys.ts";
import {
  messageAttachments,
  messageConditions,
  passwordFailures,
  profiles,
  reminderSchedule,
  users,
} from "../db/schema.ts";
import { passwordFailureKey } from "../auth/passwords/password-failures.ts";
import { removeAvatar } from "../profiles/avatar-store.ts";
import { forgetAccountTraces, readAccountTraces } from "./forget-traces.ts";

export interface DeletedAccount {
  email: string;
  /** Files that could not be removed (logged by the caller; their contents are encrypted). */
  leftoverFiles: number;
}

/**
 * Deletes an account for good. First every switch is disarmed and every pending send made
 * obsolete, committed on its own, so nothing can go out even if what follows fails; then the
 * account row goes, and with it (ON DELETE CASCADE) sessions, factors, messages, recipients,
 * conditions, schedules, releases, access links and the security log; in the same transaction
 * what names the owner in tables that do not cascade (their numbers in the channel tables, mail to
 * them or about them in the local outbox: forget-traces.ts); then the files.
 * A send the engine is making at this very moment may still complete.
 */
export async function deleteAccount({
  db,
  clock,
  masterKeys,
  dataDir,
  storage,
  userId,
}: {
  db: Db;
  clock: Clock;
  masterKeys: MasterKeys;
  dataDir: string;
  storage: AttachmentStorage;
  userId: string;
}): Promise<DeletedAccount> {
  const now = clock.now();
  await db.transaction(async (tx) => {
    await tx
      .update(messageConditions)
      .set({ isArmed: false, active: false, updatedAt: now })
      .where(eq(messageConditions.userId, userId));
    await tx
      .update(reminderSchedule)
      .set({ status: "obsolete", updatedAt: now })
      .where(and(eq(reminderSchedule.userId, userId), inArray(reminderSchedule.status, ["pending", "parked"])));
  });

  const removed = await db.transaction(async (tx) => {
    const [user] = await tx.select({ email: users.email }).from(users).where(eq(users.id, userId)).for("update");
    if (!user) return null;
    const files = await tx
      .select({ key: messageAttachments.storageKey })
      .from(messageAttachments)
      .where(eq(messageAttachments.userId, userId));
    const [profile] = await tx.select({ avatarUrl: profiles.avatarUrl }).from(profiles).where(eq(profiles.id, userId));
    const traces = await readAccountTraces(tx, userId);
    await tx.delete(users).where(eq(users.id, userId));
    await tx
      .delete(passwordFailures)
      .where(inArray(passwordFailures.keyHash, traces.addresses.map(passwordFailureKey)));
    await forgetAccountTraces(tx, masterKeys, userId, traces);
    return { email: user.email, files: files.map((f) => f.key), avatarUrl: profile?.avatarUrl ?? null };
  });
  if (!removed) return { email: "", leftoverFiles: 0 };

  const results = await Promise.allSettled([
    ...removed.files.map((key) => storage.remove(key)),
    removeAvatar(dataDir, removed.avatarUrl),
  ]);
  return { email: removed.email, leftoverFiles: results.filter((r) => r.status === "rejected").length };
}
