import type { OwnerRelease, ReleaseGrant } from "@trigger-switch/contracts";
import { and, asc, desc, eq, inArray, max, type SQL } from "drizzle-orm";
import type { MasterKeys } from "../crypto/master-keys.ts";
import { messageCipherOf } from "../crypto/message-cipher.ts";
import type { Db } from "../db/connect.ts";
import { accessGrants, deliveries, emergencyTriggers, messages, recipients } from "../db/schema.ts";
import { findOwnedMessage } from "../messages/find-owned-message.ts";
import { byName } from "../recipients/by-name.ts";
import { recipientName } from "../recipients/seal-recipient.ts";

/** The owner's view of who received their message, when it opens, whether the e-mail went and whether it was read. */
export async function listReleases({
  db,
  masterKeys,
  userId,
  messageId,
}: {
  db: Db;
  masterKeys: MasterKeys;
  userId: string;
  messageId: string;
}): Promise<ReleaseGrant[]> {
  const message = await findOwnedMessage({ db, userId, messageId });
  return grantsWhere({ db, masterKeys, where: eq(accessGrants.messageId, message.id) });
}

/**
 * The owner's latest releases across all their messages, newest first, each with its recipients'
 * delivery and first opening: what the dashboard's recent activity shows (issue 14).
 */
export async function listRecentReleases({
  db,
  masterKeys,
  userId,
  limit,
}: {
  db: Db;
  masterKeys: MasterKeys;
  userId: string;
  limit: number;
}): Promise<OwnerRelease[]> {
  const latest = await db
    .select({ releaseId: accessGrants.releaseId, at: max(accessGrants.releasedAt) })
    .from(accessGrants)
    .innerJoin(messages, eq(messages.id, accessGrants.messageId))
    .where(eq(messages.userId, userId))
    .groupBy(accessGrants.releaseId)
    .orderBy(desc(max(accessGrants.releasedAt)))
    .limit(limit);
  if (latest.length === 0) return [];
  const grants = await grantsWhere({
    db,
    masterKeys,
    where: inArray(
      accessGrants.releaseId,
      latest.map((r) => r.releaseId),
    ),
  });
  const messageIds = [...new Set(grants.map((g) => g.message_id))];
  const rows = await db
    .select()
    .from(messages)
    .where(and(eq(messages.userId, userId), inArray(messages.id, messageIds)));
  const titles = new Map(rows.map((m) => [m.id, messageCipherOf(masterKeys, m).openText("title", m.title)]));
  return latest.flatMap(({ releaseId }) => {
    const own = grants.filter((g) => g.release_id === releaseId);
    const first = own[0];
    if (!first) return [];
    return [
      {
        release_id: releaseId,
        message_id: first.message_id,
        message_title: titles.get(first.message_id) ?? "",
        released_at: first.released_at,
        emergency: first.emergency,
        grants: own,
      },
    ];
  });
}

async function grantsWhere({
  db,
  masterKeys,
  where,
}: {
  db: Db;
  masterKeys: MasterKeys;
  where: SQL;
}): Promise<ReleaseGrant[]> {
  const rows = await db
    .select({
      grant: accessGrants,
      recipient: {
        id: recipients.id,
        name: recipients.name,
        email: recipients.email,
        keyId: recipients.keyId,
        wrappedKey: recipients.wrappedKey,
      },
      pressId: emergencyTriggers.id,
      delivery: { status: deliveries.status, sentAt: deliveries.sentAt },
    })
    .from(accessGrants)
    .leftJoin(recipients, eq(recipients.id, accessGrants.recipientId))
    .leftJoin(emergencyTriggers, eq(emergencyTriggers.reminderId, accessGrants.releaseId))
    .leftJoin(deliveries, and(eq(deliveries.grantId, accessGrants.id), eq(deliveries.kind, "release")))
    .where(where)
    .orderBy(asc(accessGrants.releasedAt), asc(accessGrants.id));
  // One row per grant: should a grant ever have several deliveries (other channels), the best state wins.
  const byGrant = new Map<string, ReleaseGrant>();
  for (const { grant: g, recipient, pressId, delivery } of rows) {
    // Only notices are ever discarded (admin/); a release delivery is pending, sent or failed.
    const status = delivery?.status === "discarded" ? "failed" : (delivery?.status ?? null);
    const seen = byGrant.get(g.id);
    if (seen && rank(seen.delivery_status) >= rank(status)) continue;
    byGrant.set(g.id, {
      release_id: g.releaseId,
      grant_id: g.id,
      message_id: g.messageId,
      recipient: recipient && { id: recipient.id, name: recipientName(masterKeys, recipient), email: recipient.email },
      released_at: g.releasedAt.toISOString(),
      opens_at: g.opensAt.toISOString(),
      expires_at: g.expiresAt?.toISOString() ?? null,
      first_opened_at: g.firstOpenedAt?.toISOString() ?? null,
      cancelled_at: g.cancelledAt?.toISOString() ?? null,
      emergency: pressId !== null,
      delivery_status: status,
      delivered_at: delivery?.sentAt?.toISOString() ?? null,
    });
  }
  return [...byGrant.values()].sort(byReleaseThenName);
}

/**
 * Each release's recipients in name order, as every list of recipients reads (deleted ones last),
 * so the feed names the same people in the same order from one release to the next; the grant
 * ids are random and would shuffle them.
 */
function byReleaseThenName(a: ReleaseGrant, b: ReleaseGrant): number {
  const at = Date.parse(a.released_at) - Date.parse(b.released_at);
  if (at !== 0) return at;
  if (a.recipient && b.recipient) return byName(a.recipient, b.recipient) || a.grant_id.localeCompare(b.grant_id);
  if (a.recipient || b.recipient) return a.recipient ? -1 : 1;
  return a.grant_id.localeCompare(b.grant_id);
}

const rank = (status: ReleaseGrant["delivery_status"]) =>
  status === "sent" ? 3 : status === "pending" ? 2 : status === "failed" ? 1 : 0;
