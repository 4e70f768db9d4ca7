import type { Message } from "@trigger-switch/contracts";
import { and, inArray, isNotNull, max, sql } from "drizzle-orm";
import type { Db } from "../db/connect.ts";
import { accessGrants } from "../db/schema.ts";

export type LastRelease = NonNullable<Message["last_release"]>;

/**
 * Each message's latest release and whether its owner withdrew it (every grant of it cancelled:
 * withdrawing acts on a whole release, access/cancel-release.ts), in one query for a whole list.
 */
export async function loadLastReleases({
  db,
  messageIds,
}: {
  db: Db;
  messageIds: string[];
}): Promise<Map<string, LastRelease>> {
  const last = new Map<string, LastRelease>();
  if (messageIds.length === 0) return last;
  const releases = await db
    .select({
      messageId: accessGrants.messageId,
      releaseId: accessGrants.releaseId,
      releasedAt: max(accessGrants.releasedAt),
      withdrawn: sql<boolean>`bool_and(${accessGrants.cancelledAt} is not null)`,
      withdrawnAt: max(accessGrants.cancelledAt),
    })
    .from(accessGrants)
    // A trusted contact's access on request (docs/decisions/041) is not a release of the message to its recipients.
    .where(and(inArray(accessGrants.messageId, messageIds), isNotNull(accessGrants.releaseId)))
    .groupBy(accessGrants.messageId, accessGrants.releaseId);
  for (const r of releases) {
    if (!r.releasedAt) continue;
    const seen = last.get(r.messageId);
    if (seen && Date.parse(seen.released_at) >= r.releasedAt.getTime()) continue;
    last.set(r.messageId, {
      release_id: r.releaseId!,
      released_at: r.releasedAt.toISOString(),
      withdrawn_at: r.withdrawn && r.withdrawnAt ? r.withdrawnAt.toISOString() : null,
    });
  }
  return last;
}
