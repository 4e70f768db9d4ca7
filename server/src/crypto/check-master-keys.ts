import type { Db } from "../db/connect.ts";
import { masterKeyChecks } from "../db/schema.ts";
import type { MasterKeys } from "./master-keys.ts";

export class MasterKeyMismatchError extends Error {}

/**
 * Refuses to start a process whose master keys disagree with the database's: a missing key means
 * messages this process cannot open (and so cannot deliver); a different key under the same id
 * means it would write messages no other process can open. Registers the current key on first use.
 */
export async function checkMasterKeys({ db, masterKeys }: { db: Db; masterKeys: MasterKeys }): Promise<void> {
  const problems = async () =>
    (await db.select().from(masterKeyChecks)).flatMap(({ kid, fingerprint }) => {
      const local = masterKeys.fingerprint(kid);
      if (local === undefined) return [`key "${kid}" is used in the database but missing here`];
      if (local !== fingerprint) return [`key "${kid}" here differs from the one the database was written with`];
      return [];
    });
  const fail = (found: string[]) =>
    new MasterKeyMismatchError(
      `Master keys do not match this database: ${found.join("; ")}. ` +
        "Every process on one database needs the same keys: set the same MASTER_KEY everywhere, or share DATA_DIR/keys. " +
        "Never delete a key that has been used.",
    );

  // Check before registering, so a refused process leaves no trace; check again after, because
  // two processes may register different keys under one id at the same moment.
  const before = await problems();
  if (before.length > 0) throw fail(before);
  const current = masterKeys.currentKid;
  await db
    .insert(masterKeyChecks)
    .values({ kid: current, fingerprint: masterKeys.fingerprint(current)! })
    .onConflictDoNothing();
  const after = await problems();
  if (after.length > 0) throw fail(after);
}
