import { and, count, eq } from "drizzle-orm";
import type { MasterKeys } from "../crypto/master-keys.ts";
import { messageCipherOf } from "../crypto/message-cipher.ts";
import type { Db } from "../db/connect.ts";
import { inIds } from "../db/in-ids.ts";
import type { ChannelId, PhoneChannelId } from "../channels/channel.ts";
import {
  accessGrants,
  deliveries,
  messageConditions,
  messageRecipients,
  messages,
  profiles,
  users,
  verifiedNumbers,
} from "../db/schema.ts";
import { loadEmergencyContext } from "../emergency/load-emergency-context.ts";
import { chunked } from "./chunked.ts";
import { groupBy } from "./group-by.ts";
import { readReleaseRecipients } from "./read-release-recipients.ts";
import {
  deliveryRowColumns,
  type ConditionRow,
  type DeliveryRow,
  type ScheduleRow,
  type WorkContext,
} from "./work-types.ts";

/**
 * What the mails of a batch of committed rows need, read in a few statements for the whole batch
 * (docs/decisions/012-engine-throughput-and-notices.md). The title is opened only where a mail
 * names it: a reminder, an emergency, the owner's release notice; a recipient's mail of a timed
 * release never carries it. The owner's release notice is sent on its own (release-notices.ts), so
 * its title and the names of whom the release went to are opened only when it is (`forReleaseNotices`).
 */
export async function loadWorkContexts({
  db,
  masterKeys,
  rows,
  conditions: lockedConditions,
  deliveries: written,
  forReleaseNotices = false,
}: {
  db: Db;
  masterKeys: MasterKeys;
  rows: ScheduleRow[];
  /** The rows' conditions where the caller has them already (the commit locked them); the rest are read. */
  conditions?: ReadonlyMap<string, ConditionRow>;
  /** Every delivery of a row, by row, where the caller has them (the commit wrote them); the other rows' are read. */
  deliveries?: ReadonlyMap<string, DeliveryRow[]>;
  forReleaseNotices?: boolean;
}): Promise<WorkContext[]> {
  if (rows.length === 0) return [];
  const ids = (pick: (r: ScheduleRow) => string) => [...new Set(rows.map(pick))];
  const byRow = new Map<string, DeliveryRow[]>();
  // Copies: the send pipeline writes each attempt's outcome into its context's list.
  for (const r of rows) byRow.set(r.id, [...(written?.get(r.id) ?? [])]);
  const unread = ids((r) => r.id).filter((id) => !written?.has(id));
  for (const part of chunked(unread, 5000))
    for (const d of await db.select(deliveryRowColumns).from(deliveries).where(inIds(deliveries.reminderId, part)))
      byRow.get(d.reminderId!)!.push(d);
  const all = [...byRow.values()].flat();
  const owners = new Map(
    (
      await db
        .select({
          id: users.id,
          email: users.email,
          first: profiles.firstName,
          last: profiles.lastName,
          timeZone: profiles.timeZone,
          reminderChannels: profiles.reminderChannels,
          proven: verifiedNumbers.number,
        })
        .from(users)
        .leftJoin(profiles, eq(profiles.id, users.id))
        .leftJoin(
          verifiedNumbers,
          and(eq(verifiedNumbers.userId, users.id), eq(verifiedNumbers.number, profiles.whatsappNumber)),
        )
        .where(
          inIds(
            users.id,
            ids((r) => r.userId),
          ),
        )
    ).map((o) => [o.id, o]),
  );
  const conditions = new Map(lockedConditions);
  const unlocked = ids((r) => r.conditionId).filter((id) => !conditions.has(id));
  if (unlocked.length > 0)
    for (const c of await db.select().from(messageConditions).where(inIds(messageConditions.id, unlocked)))
      conditions.set(c.id, c);
  const linked = new Map(
    (
      await db
        .select({ messageId: messageRecipients.messageId, n: count() })
        .from(messageRecipients)
        .where(
          inIds(
            messageRecipients.messageId,
            ids((r) => r.messageId),
          ),
        )
        .groupBy(messageRecipients.messageId)
    ).map((l) => [l.messageId, l.n]),
  );
  // By their own ids (each release delivery names its grant), not by release: a read by a column
  // whose statistics are older than a burst is planned as a whole-table scan (decision 012).
  const grantIds = [...new Set(all.flatMap((d) => (d.grantId ? [d.grantId] : [])))];
  const grants = groupBy(
    grantIds.length === 0
      ? []
      : await db
          .select({
            id: accessGrants.id,
            releaseId: accessGrants.releaseId,
            releasedAt: accessGrants.releasedAt,
            opensAt: accessGrants.opensAt,
            expiresAt: accessGrants.expiresAt,
          })
          .from(accessGrants)
          .where(inIds(accessGrants.id, grantIds)),
    // A release delivery's grant is of that release, so each has its release id.
    (g) => g.releaseId!,
  );
  const { viaChannels, names } = await readReleaseRecipients(db, masterKeys, all, { forReleaseNotices });
  const namesTitle = (r: ScheduleRow) =>
    forReleaseNotices ||
    r.reminderType === "reminder" ||
    conditions.get(r.conditionId)?.conditionType === "panic_trigger";
  const titled = rows.filter(namesTitle);
  const titles = new Map<string, string>();
  if (titled.length > 0) {
    for (const m of await db
      .select({ id: messages.id, title: messages.title, keyId: messages.keyId, wrappedKey: messages.wrappedKey })
      .from(messages)
      .where(inIds(messages.id, [...new Set(titled.map((r) => r.messageId))]))) {
      titles.set(m.id, messageCipherOf(masterKeys, m).openText("title", m.title));
    }
  }
  return Promise.all(
    rows.map(async (row) => {
      const owner = owners.get(row.userId);
      const condition = conditions.get(row.conditionId);
      const first = owner?.first?.trim() ?? "";
      const name = [first, owner?.last?.trim() ?? ""].filter(Boolean).join(" ");
      const pattern = condition?.recurringPattern as { time_zone?: string } | null | undefined;
      const panic = condition?.conditionType === "panic_trigger";
      const viaLayer = (byRow.get(row.id) ?? []).filter(
        (d) =>
          d.status === "pending" &&
          ((d.kind === "reminder" && (owner?.reminderChannels ?? []).some((c) => c !== "email")) ||
            (d.kind === "release" && d.recipientId !== null && viaChannels.has(d.recipientId))),
      );
      return {
        row,
        messageTitle: namesTitle(row) ? (titles.get(row.messageId) ?? "(deleted message)") : null,
        ownerEmail: owner?.email ?? "",
        ownerName: name || "Someone who uses Trigger Switch",
        ownerFirstName: first || "there",
        timeZone: owner?.timeZone ?? pattern?.time_zone ?? "UTC",
        keepArmed: panic ? condition.panicConfig.keep_armed !== false : null,
        recipientCount:
          condition && condition.recipients.length > 0 ? condition.recipients.length : (linked.get(row.messageId) ?? 0),
        releasedTo:
          forReleaseNotices && noticePending(byRow.get(row.id) ?? [])
            ? (byRow.get(row.id) ?? [])
                .filter((d) => d.kind === "release")
                .map((d) => (d.recipientId && names.get(d.recipientId)) || { name: null, channels: [] })
            : [],
        ownerPhone: ownerPhoneOf(owner),
        grants: new Map((grants.get(row.id) ?? []).map((g) => [g.id, g])),
        emergency: panic ? await loadEmergencyContext({ db, masterKeys, reminderId: row.id }) : null,
        deliveries: byRow.get(row.id) ?? [],
        byChannels: new Set(viaLayer.map((d) => d.id)),
        lanes: new Map(
          viaLayer.map((d) => [
            d.id,
            d.kind === "reminder"
              ? // Push sends after the e-mail on the e-mail lane; a phone channel has lanes of its own.
                ((owner?.reminderChannels ?? []).find((c): c is PhoneChannelId => c === "whatsapp" || c === "sms") ??
                ("email" as ChannelId))
              : (viaChannels.get(d.recipientId!) ?? "email"),
          ]),
        ),
      };
    }),
  );
}

const noticePending = (list: DeliveryRow[]) => list.some((d) => d.kind === "release_notice" && d.status === "pending");

/** The owner's proven number with the messaging channels chosen for their reminders, or null (e-mail only). */
function ownerPhoneOf(
  owner: { proven: string | null; reminderChannels: string[] | null } | undefined,
): WorkContext["ownerPhone"] {
  const channels = (owner?.reminderChannels ?? []).filter((c): c is PhoneChannelId => c === "whatsapp" || c === "sms");
  return owner?.proven && channels.length > 0 ? { number: owner.proven, channels } : null;
}
