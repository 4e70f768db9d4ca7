import { and, eq, gt, isNull } from "drizzle-orm";
import type { Clock } from "../../clock.ts";
import type { Db } from "../../db/connect.ts";
import { oneTimeTokens } from "../../db/schema.ts";
import { LINK_LIFETIME_MS, type LinkType } from "../constants.ts";
import { createOpaqueToken, hashToken } from "../tokens/opaque-token.ts";

export type LinkTokenRow = typeof oneTimeTokens.$inferSelect;

/**
 * A new single-use token for an e-mailed link. Earlier unused links of the same kind for the
 * same account stop working: only the latest e-mail counts.
 */
export async function createLinkToken(opts: {
  db: Db;
  clock: Clock;
  userId: string;
  type: LinkType;
  relatesTo: string;
}): Promise<string> {
  const now = opts.clock.now();
  await retireLinkTokens({ db: opts.db, clock: opts.clock, userId: opts.userId, type: opts.type });
  const { token, hash } = createOpaqueToken();
  await opts.db.insert(oneTimeTokens).values({
    userId: opts.userId,
    tokenType: opts.type,
    tokenHash: hash,
    relatesTo: opts.relatesTo,
    expiresAt: new Date(now.getTime() + LINK_LIFETIME_MS[opts.type]),
    createdAt: now,
  });
  return token;
}

/**
 * Uses up a link token if it is of an accepted type, unused and unexpired; null otherwise.
 * Locks the row so two clicks at once cannot both succeed.
 */
export async function consumeLinkToken(opts: {
  db: Db;
  clock: Clock;
  token: string;
  types: LinkType[];
}): Promise<LinkTokenRow | null> {
  const now = opts.clock.now();
  const [row] = await opts.db
    .select()
    .from(oneTimeTokens)
    .where(eq(oneTimeTokens.tokenHash, hashToken(opts.token)))
    .for("update");
  if (!row || row.usedAt || row.expiresAt.getTime() <= now.getTime() || !opts.types.includes(row.tokenType))
    return null;
  await opts.db.update(oneTimeTokens).set({ usedAt: now }).where(eq(oneTimeTokens.id, row.id));
  await retireLinkTokens({ db: opts.db, clock: opts.clock, userId: row.userId, type: row.tokenType });
  return row;
}

/**
 * Ends the account's unused links of a kind by expiring them now. `used_at` stays for links that
 * were followed: a used link is proof that its owner read that mailbox (followedLinkTo), and a
 * link replaced unopened (anyone can ask for a second reset link) must not count as one.
 */
export async function retireLinkTokens(opts: { db: Db; clock: Clock; userId: string; type: LinkType }): Promise<void> {
  const now = opts.clock.now();
  await opts.db
    .update(oneTimeTokens)
    .set({ expiresAt: now })
    .where(
      and(
        eq(oneTimeTokens.userId, opts.userId),
        eq(oneTimeTokens.tokenType, opts.type),
        isNull(oneTimeTokens.usedAt),
        gt(oneTimeTokens.expiresAt, now),
      ),
    );
}
