import { canWithdraw, type ReleaseCancelled } from "@trigger-switch/contracts";
import { and, eq, gt, isNull } from "drizzle-orm";
import type { Clock } from "../clock.ts";
import type { Db } from "../db/connect.ts";
import { isUuid } from "../db/owned-row.ts";
import { accessGrants } from "../db/schema.ts";
import { AppError, notFound } from "../errors.ts";
import { findOwnedMessage } from "../messages/find-owned-message.ts";

/**
 * The owner withdraws a release during its unlock delay (a false alarm): every grant of it stops
 * working and recipients get the generic "not found". Once it has opened, it cannot be taken back
 * (409): someone may already have read it, and pretending otherwise would mislead the owner. The
 * rule is contracts' canWithdraw, the one the web's Withdraw button follows.
 */
export async function cancelRelease({
  db,
  clock,
  userId,
  messageId,
  releaseId,
}: {
  db: Db;
  clock: Clock;
  userId: string;
  messageId: string;
  releaseId: string;
}): Promise<ReleaseCancelled> {
  const message = await findOwnedMessage({ db, userId, messageId });
  if (!isUuid(releaseId)) throw notFound("Release not found");
  const now = clock.now();
  const of = and(eq(accessGrants.messageId, message.id), eq(accessGrants.releaseId, releaseId));
  const grants = await db
    .select({
      opens_at: accessGrants.opensAt,
      first_opened_at: accessGrants.firstOpenedAt,
      cancelled_at: accessGrants.cancelledAt,
    })
    .from(accessGrants)
    .where(of);
  if (grants.length === 0) throw notFound("Release not found");
  // The conditional update below still decides under concurrency: two withdrawals never both count.
  const cancelled = canWithdraw(grants, now)
    ? await db
        .update(accessGrants)
        .set({ cancelledAt: now })
        .where(and(of, isNull(accessGrants.cancelledAt), gt(accessGrants.opensAt, now)))
        .returning({ id: accessGrants.id })
    : [];
  if (cancelled.length === 0)
    throw new AppError(
      "conflict",
      "This release has already opened (or was cancelled) and can no longer be withdrawn.",
    );
  return { cancelled: cancelled.length };
}
