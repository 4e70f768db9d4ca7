import { randomUUID } from "node:crypto";
import { accessWindowOf } from "@trigger-switch/contracts";
import { sql } from "drizzle-orm";
import type { Clock } from "../clock.ts";
import type { MasterKeys } from "../crypto/master-keys.ts";
import type { Tx } from "../db/connect.ts";
import { arrayLiteral, inIds } from "../db/in-ids.ts";
import { insertRows } from "../db/insert-rows.ts";
import { accessGrants, deliveries, messageConditions, messageRecipients, recipients, users } from "../db/schema.ts";
import { returningDeliveryRow, type ConditionRow, type DeliveryRow, type ScheduleRow } from "./work-types.ts";
import { chunked } from "./chunked.ts";
import { groupBy } from "./group-by.ts";
import { rescheduleConditions } from "./reschedule-condition.ts";
import { newSecretToken } from "./secret-token.ts";

const HOUR = 3_600_000;
/** Conditions that fire once; a recurring schedule goes on to its next occurrence. */
const ONE_SHOT = new Set(["no_check_in", "inactivity_to_date"]);

export interface Release {
  /** The final_delivery (or emergency) row that fired. */
  row: ScheduleRow;
  /** Its condition, locked by the caller. */
  condition: ConditionRow;
  /** The rule's deadline that fired (before any downtime shift). */
  ruleDeadline: Date;
}

/**
 * Commits releases inside the firing transaction, a few statements for the whole batch: each
 * condition is marked fired (docs/decisions/003; an emergency's was settled at the press,
 * docs/decisions/008) and rescheduled, and each recipient (the condition's subset, empty = all)
 * gets an access grant and a delivery intent whose link token is kept sealed by the master key, so
 * a retry sends the same link. Unlock delay and expiry come from panic_config: the grant opens
 * `unlock_delay_hours` after the release and closes `expiry_hours` after it opens (0 = never). The
 * owner gets a `release_notice` delivery for every release that went to someone. Returns the
 * deliveries it wrote, as stored.
 */
export async function releaseMessages({
  tx,
  clock,
  masterKeys,
  releases,
}: {
  tx: Tx;
  clock: Clock;
  masterKeys: MasterKeys;
  releases: Release[];
}): Promise<DeliveryRow[]> {
  if (releases.length === 0) return [];
  const now = clock.now();
  // An emergency's condition was settled at the press (keep_armed, emergency/trigger-emergency.ts),
  // in the transaction that accepted it, so the header's button reflects it at once.
  const timed = releases.filter((r) => r.condition.conditionType !== "panic_trigger");
  const oneShot = timed.filter((r) => ONE_SHOT.has(r.condition.conditionType));
  // The occurrence that fired counts as done: the next one due after it is the new deadline.
  // last_checked stays: it is the owner's latest check-in, and a change of it reads as one (spec §4).
  const recurring = timed.filter((r) => !ONE_SHOT.has(r.condition.conditionType));
  for (const ids of chunked(
    oneShot.map((r) => r.condition.id),
    5000,
  )) {
    await tx
      .update(messageConditions)
      .set({ active: false, shiftedDeadline: null, deadlineShiftMs: 0, updatedAt: now })
      .where(inIds(messageConditions.id, ids));
  }
  for (const part of chunked(recurring, 5000)) {
    await tx.execute(sql`update message_conditions c set armed_at = v.at, shifted_deadline = null, deadline_shift_ms = 0, updated_at = ${now.toISOString()}::timestamptz
      from (select unnest(${arrayLiteral(part.map((r) => r.condition.id))}::uuid[]) id, unnest(${arrayLiteral(part.map((r) => r.ruleDeadline.toISOString()))}::timestamptz[]) at) v
      where c.id = v.id`);
  }
  await rescheduleConditions({
    db: tx,
    clock,
    conditions: timed.map(({ condition, ruleDeadline }) => ({
      ...condition,
      ...(ONE_SHOT.has(condition.conditionType) ? { active: false } : { armedAt: ruleDeadline }),
      shiftedDeadline: null,
      deadlineShiftMs: 0,
    })),
  });

  // The links, then the recipients by their own ids: as one join, a batch of hundreds was planned as
  // a hash join reading every recipient (decision 012).
  const links = await tx
    .select({ messageId: messageRecipients.messageId, recipientId: messageRecipients.recipientId })
    .from(messageRecipients)
    .where(inIds(messageRecipients.messageId, [...new Set(releases.map((r) => r.row.messageId))]));
  const people = new Map(
    links.length === 0
      ? []
      : (
          await tx
            .select({ id: recipients.id, email: recipients.email, phone: recipients.phone })
            .from(recipients)
            .where(inIds(recipients.id, [...new Set(links.map((l) => l.recipientId))]))
        ).map((r) => [r.id, r]),
  );
  const byMessage = groupBy(
    links.flatMap(({ messageId, recipientId }) => {
      const person = people.get(recipientId);
      return person ? [{ ...person, messageId }] : [];
    }),
    (r) => r.messageId,
  );

  const grants: (typeof accessGrants.$inferInsert)[] = [];
  const intents: (typeof deliveries.$inferInsert)[] = [];
  const noticeOwners: { row: ScheduleRow; keyBase: string }[] = [];
  for (const { row, condition } of releases) {
    const all = byMessage.get(row.messageId) ?? [];
    const subset = new Set(condition.recipients);
    const chosen = subset.size === 0 ? all : all.filter((r) => subset.has(r.id));
    const window = accessWindowOf(condition.panicConfig);
    const opensAt = new Date(now.getTime() + window.unlock_delay_hours * HOUR);
    const expiresAt = window.expiry_hours > 0 ? new Date(opensAt.getTime() + window.expiry_hours * HOUR) : null;
    const keyBase = `condition:${condition.id}:${row.deadline.toISOString()}`;
    for (const r of chosen) {
      const { token, hash } = newSecretToken();
      const grantId = randomUUID();
      grants.push({
        id: grantId,
        tokenHash: hash,
        messageId: row.messageId,
        recipientId: r.id,
        releaseId: row.id,
        conditionId: condition.id,
        deadline: row.deadline,
        releasedAt: now,
        opensAt,
        expiresAt,
        createdAt: now,
      });
      const sealed = masterKeys.wrap(Buffer.from(token, "utf8"), `access-token:${grantId}`);
      // The channels choose the way at send time (channels/delivery); `address` names the recipient in
      // the engine's log and notices. With no address at all it fails at once and the owner is told.
      const address = r.email ?? r.phone ?? "";
      intents.push({
        reminderId: row.id,
        kind: "release",
        recipientId: r.id,
        grantId,
        address,
        idempotencyKey: `${keyBase}:${r.id}:email`,
        sealedToken: sealed.wrapped,
        tokenKeyId: sealed.keyId,
        ...(address
          ? {}
          : { status: "failed" as const, lastError: "This recipient has no e-mail address or phone number." }),
        createdAt: now,
      });
    }
    // The owner learns of every release, not only of a delayed one they could still cancel
    // (docs/decisions/024-one-transaction-save-owner-releases-access-page.md).
    if (chosen.length > 0) noticeOwners.push({ row, keyBase });
  }
  for (const part of chunked(grants, 2000)) await insertRows(tx, accessGrants, part);
  const written: DeliveryRow[] = [];
  for (const part of chunked(intents, 2000))
    for (const d of await insertRows(tx, deliveries, part, sql`on conflict do nothing ${returningDeliveryRow.clause}`))
      written.push(returningDeliveryRow.map(d));
  if (noticeOwners.length > 0) {
    const owners = new Map(
      (
        await tx
          .select({ id: users.id, email: users.email })
          .from(users)
          .where(inIds(users.id, [...new Set(noticeOwners.map((o) => o.row.userId))]))
      ).map((u) => [u.id, u.email]),
    );
    const notices = await insertRows(
      tx,
      deliveries,
      noticeOwners.map(({ row, keyBase }) => ({
        reminderId: row.id,
        kind: "release_notice" as const,
        address: owners.get(row.userId) ?? "",
        idempotencyKey: `${keyBase}:owner-release-notice:email`,
        createdAt: now,
      })),
      sql`on conflict do nothing ${returningDeliveryRow.clause}`,
    );
    written.push(...notices.map(returningDeliveryRow.map));
  }
  return written;
}
