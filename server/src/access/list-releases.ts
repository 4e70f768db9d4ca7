import type { OwnerRelease, RecipientChannel, ReleaseGrant } from "@trigger-switch/contracts";
import { and, asc, desc, eq, inArray, max, or, sql, type SQL } from "drizzle-orm";
import type { MasterKeys } from "../crypto/master-keys.ts";
import { messageCipherOf } from "../crypto/message-cipher.ts";
import type { Db } from "../db/connect.ts";
import { keptLocally } from "../channels/delivery/kept-locally.ts";
import {
  accessGrants,
  accessRequests,
  deliveries,
  emergencyTriggers,
  messages,
  recipients,
  reminderDeliveryLog,
  trustedContacts,
} from "../db/schema.ts";
import { findOwnedMessage } from "../messages/find-owned-message.ts";
import { byName } from "../recipients/by-name.ts";
import { recipientName } from "../recipients/seal-recipient.ts";
import { contactName } from "../contacts/stage-context.ts";

/** The owner's view of who received their message, when it opens, by which channel it went and whether it was read. */
export async function listReleases({
  db,
  masterKeys,
  userId,
  messageId,
  usesOutbox,
}: {
  db: Db;
  masterKeys: MasterKeys;
  userId: string;
  messageId: string;
  /** This server keeps its mail in the local outbox (no mail server). */
  usesOutbox: boolean;
}): Promise<ReleaseGrant[]> {
  const message = await findOwnedMessage({ db, userId, messageId });
  return grantsWhere({ db, masterKeys, usesOutbox, where: eq(accessGrants.messageId, message.id) });
}

/**
 * The owner's latest releases across all their messages, newest first, each with its recipients'
 * delivery and first opening: what the dashboard's recent activity shows
 * (docs/decisions/024-one-transaction-save-owner-releases-access-page.md).
 */
export async function listRecentReleases({
  db,
  masterKeys,
  userId,
  limit,
  usesOutbox,
}: {
  db: Db;
  masterKeys: MasterKeys;
  userId: string;
  limit: number;
  usesOutbox: boolean;
}): Promise<OwnerRelease[]> {
  const latest = await db
    .select({ releaseId: releaseKey, at: max(accessGrants.releasedAt) })
    .from(accessGrants)
    .innerJoin(messages, eq(messages.id, accessGrants.messageId))
    .where(eq(messages.userId, userId))
    .groupBy(releaseKey)
    .orderBy(desc(max(accessGrants.releasedAt)))
    .limit(limit);
  if (latest.length === 0) return [];
  const ids = latest.map((r) => r.releaseId);
  const grants = await grantsWhere({
    db,
    masterKeys,
    usesOutbox,
    where: or(inArray(accessGrants.releaseId, ids), inArray(accessGrants.accessRequestId, ids))!,
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

/** What groups grants into one release: the release row, or the trusted contact's request (docs/decisions/041). */
const releaseKey = sql<string>`coalesce(${accessGrants.releaseId}, ${accessGrants.accessRequestId})`;

async function grantsWhere({
  db,
  masterKeys,
  usesOutbox,
  where,
}: {
  db: Db;
  masterKeys: MasterKeys;
  usesOutbox: boolean;
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
      contact: {
        id: trustedContacts.id,
        name: trustedContacts.name,
        keyId: trustedContacts.keyId,
        wrappedKey: trustedContacts.wrappedKey,
      },
      pressId: emergencyTriggers.id,
      delivery: { id: deliveries.id, status: deliveries.status, sentAt: deliveries.sentAt },
    })
    .from(accessGrants)
    .leftJoin(recipients, eq(recipients.id, accessGrants.recipientId))
    .leftJoin(accessRequests, eq(accessRequests.id, accessGrants.accessRequestId))
    .leftJoin(trustedContacts, eq(trustedContacts.id, accessRequests.contactId))
    .leftJoin(emergencyTriggers, eq(emergencyTriggers.reminderId, accessGrants.releaseId))
    // A recipient's link goes in a release delivery; a contact's (on request) in a queued mail that names the grant.
    .leftJoin(deliveries, and(eq(deliveries.grantId, accessGrants.id), inArray(deliveries.kind, ["release", "notice"])))
    .where(where)
    .orderBy(asc(accessGrants.releasedAt), asc(accessGrants.id));
  const carriers = await channelsUsed(
    db,
    usesOutbox,
    rows.flatMap((r) => (r.delivery ? [r.delivery.id] : [])),
  );
  // One row per grant: should a grant ever have several deliveries (other channels), the best state wins.
  const byGrant = new Map<string, ReleaseGrant>();
  for (const { grant: g, recipient, contact, pressId, delivery } of rows) {
    // Only notices are ever discarded (admin/); a release delivery is pending, sent or failed.
    const status = delivery?.status === "discarded" ? "failed" : (delivery?.status ?? null);
    const seen = byGrant.get(g.id);
    if (seen && rank(seen.delivery_status) >= rank(status)) continue;
    byGrant.set(g.id, {
      release_id: g.releaseId ?? g.accessRequestId!,
      grant_id: g.id,
      message_id: g.messageId,
      recipient: recipient && { id: recipient.id, name: recipientName(masterKeys, recipient), email: recipient.email },
      contact: contact && { id: contact.id, name: contactName(masterKeys, contact) },
      released_at: g.releasedAt.toISOString(),
      opens_at: g.opensAt.toISOString(),
      expires_at: g.expiresAt?.toISOString() ?? null,
      first_opened_at: g.firstOpenedAt?.toISOString() ?? null,
      cancelled_at: g.cancelledAt?.toISOString() ?? null,
      emergency: pressId !== null,
      delivery_status: status,
      delivered_at: delivery?.sentAt?.toISOString() ?? null,
      delivery_channel: (delivery && carriers.get(delivery.id)?.channel) ?? null,
      kept_locally: (delivery && carriers.get(delivery.id)?.keptLocally) ?? false,
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

/**
 * Per delivery, the channel that took it (its latest attempt not failed), else the last one tried;
 * and whether what took it was the local mailbox rather than a mail server or a provider.
 */
async function channelsUsed(
  db: Db,
  usesOutbox: boolean,
  deliveryIds: string[],
): Promise<Map<string, { channel: RecipientChannel; keptLocally: boolean }>> {
  const found = new Map<string, { channel: RecipientChannel; keptLocally: boolean; taken: boolean }>();
  if (deliveryIds.length === 0) return found;
  const attempts = await db
    .select({
      deliveryId: reminderDeliveryLog.deliveryId,
      deliveryChannel: reminderDeliveryLog.deliveryChannel,
      deliveryStatus: reminderDeliveryLog.deliveryStatus,
      providerMessageId: reminderDeliveryLog.providerMessageId,
      responseData: reminderDeliveryLog.responseData,
    })
    .from(reminderDeliveryLog)
    .where(inArray(reminderDeliveryLog.deliveryId, [...new Set(deliveryIds)]))
    .orderBy(asc(reminderDeliveryLog.createdAt), asc(reminderDeliveryLog.attempt));
  for (const a of attempts) {
    const taken = a.deliveryStatus !== "failed";
    if (found.get(a.deliveryId!)?.taken && !taken) continue;
    found.set(a.deliveryId!, {
      channel: a.deliveryChannel as RecipientChannel,
      keptLocally: taken && keptLocally(a, usesOutbox),
      taken,
    });
  }
  return found;
}

const rank = (status: ReleaseGrant["delivery_status"]) =>
  status === "sent" ? 3 : status === "pending" ? 2 : status === "failed" ? 1 : 0;
