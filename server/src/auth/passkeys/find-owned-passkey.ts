import type { Db } from "../../db/connect.ts";
import type { FactorRow } from "../factors/factor-types.ts";
import { findOwnedFactor } from "../factors/find-owned-factor.ts";
import { GoTrueError } from "../gotrue-error.ts";

/** The user's own added passkey; anything else (another kind, someone else's, none) is the same 404. */
export async function findOwnedPasskey(db: Db, userId: string, id: string, forUpdate = false): Promise<FactorRow> {
  // A missing factor is told as a missing passkey; anything else (the database) goes up as it is.
  const factor = await findOwnedFactor(db, userId, id, forUpdate).catch((err: unknown) => {
    if (err instanceof GoTrueError && err.status === 404) return null;
    throw err;
  });
  if (!factor || factor.factorType !== "webauthn" || factor.status !== "verified")
    throw new GoTrueError(404, "passkey_not_found", "No such passkey on this account. Reload the list.");
  return factor;
}
