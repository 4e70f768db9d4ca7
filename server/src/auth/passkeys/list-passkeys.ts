import { and, asc, eq } from "drizzle-orm";
import type { Db } from "../../db/connect.ts";
import { mfaFactors } from "../../db/schema.ts";
import type { FactorRow } from "../factors/factor-types.ts";

export interface PasskeyListItem {
  id: string;
  friendly_name?: string;
  created_at: string;
  last_used_at?: string;
}

/** GET /passkeys: the account's added passkeys, oldest first (GoTrue's PasskeyListItem). */
export async function listPasskeys(db: Db, userId: string): Promise<PasskeyListItem[]> {
  const rows = await db
    .select()
    .from(mfaFactors)
    .where(and(eq(mfaFactors.userId, userId), eq(mfaFactors.factorType, "webauthn"), eq(mfaFactors.status, "verified")))
    .orderBy(asc(mfaFactors.createdAt));
  return rows.map(passkeyItem);
}

export function passkeyItem(f: FactorRow): PasskeyListItem {
  return {
    id: f.id,
    friendly_name: f.friendlyName ?? undefined,
    created_at: f.createdAt.toISOString(),
    last_used_at: f.lastUsedAt?.toISOString(),
  };
}
