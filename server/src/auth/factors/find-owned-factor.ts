import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/connect.ts";
import { mfaFactors } from "../../db/schema.ts";
import { GoTrueError } from "../gotrue-error.ts";
import type { FactorRow } from "./factor-types.ts";

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The user's own factor (locked when `forUpdate`); someone else's answers the same 404 as a missing one. */
export async function findOwnedFactor(db: Db, userId: string, factorId: string, forUpdate = false): Promise<FactorRow> {
  if (!UUID.test(factorId)) throw notFound();
  const query = db
    .select()
    .from(mfaFactors)
    .where(and(eq(mfaFactors.id, factorId), eq(mfaFactors.userId, userId)));
  const [factor] = forUpdate ? await query.for("update") : await query;
  if (!factor) throw notFound();
  return factor;
}

const notFound = () => new GoTrueError(404, "mfa_factor_not_found", "No such factor on this account.");
