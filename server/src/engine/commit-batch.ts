import { and, asc, eq, sql } from "drizzle-orm";
import type { Clock } from "../clock.ts";
import type { MasterKeys } from "../crypto/master-keys.ts";
import type { Db } from "../db/connect.ts";
import { inIds } from "../db/in-ids.ts";
import { insertRows } from "../db/insert-rows.ts";
import { deliveries, messageConditions, reminderSchedule, sentReminders, users } from "../db/schema.ts";
import { returningDeliveryRow, type ConditionRow, type DeliveryRow, type ScheduleRow } from "./work-types.ts";
import { effectiveDeadline } from "./effective-deadline.ts";
import { chunked } from "./chunked.ts";
import { releaseMessages, type Release } from "./release-message.ts";
import { confirmReleases } from "../contacts/confirm-releases.ts";
import { scheduleMovedDeadlines } from "./reschedule-condition.ts";

export interface CommitResult {
  /** Rows whose intents (deliveries) are committed: their pending deliveries go out now. */
  deliver: ScheduleRow[];
  /** The conditions of those rows as this commit locked and read them, so their mails need not read them again. */
  conditions: Map<string, ConditionRow>;
  /**
   * The deliveries of the rows this commit released, every one (as the insert returned it), by row;
   * a row released before (a retry) is not here, and its deliveries are read.
   */
  deliveries: Map<string, DeliveryRow[]>;
  obsolete: number;
  /** Final deliveries claimed before their deadline: handed back untouched. */
  notYet: number;
  /** Rows another worker took over (our lease ran out). */
  lost: number;
}

/**
 * The decisions of a claimed batch, in one transaction and a few set-based statements:
 * the conditions are locked in id order — the lock a check-in takes, so a check-in and the firing
 * of the same deadline have exactly one winner, and two workers cannot deadlock — then each row is
 * decided as decision 005 says: a row is acted on only if its deadline is still the condition's and
 * (a final delivery) is reached, else it is obsolete — and where a check-in left the new deadline's
 * schedule to the engine, it is written here (docs/decisions/043). Acting writes `sent_reminders`
 * (its unique key stops a second firing), the intents — the owner's reminder delivery, or the
 * release (release-message.ts) — and `released_at`. The mails go out afterwards, from the intents.
 */
export async function commitBatch({
  db,
  clock,
  masterKeys,
  rows,
  workerId,
  siteUrl,
}: {
  db: Db;
  clock: Clock;
  masterKeys: MasterKeys;
  rows: ScheduleRow[];
  workerId: string;
  /** The web app's address, for the links of the contacts' questions. */
  siteUrl: string;
}): Promise<CommitResult> {
  const now = clock.now();
  if (rows.length === 0)
    return { deliver: [], conditions: new Map(), deliveries: new Map(), obsolete: 0, notYet: 0, lost: 0 };
  return db.transaction(async (tx) => {
    const conditionIds = [...new Set(rows.map((r) => r.conditionId))].sort();
    const conditions = new Map<string, ConditionRow>();
    for (const ids of chunked(conditionIds, 5000)) {
      for (const c of await tx
        .select()
        .from(messageConditions)
        .where(inIds(messageConditions.id, ids))
        .orderBy(asc(messageConditions.id))
        .for("update"))
        conditions.set(c.id, c);
    }
    // Only what a lease decides: while the claim is ours nobody else writes the row, so the rest is the claim's.
    const current = new Map<string, Pick<ScheduleRow, "status" | "claimedBy" | "releasedAt">>();
    for (const ids of chunked(rows.map((r) => r.id).sort(), 5000)) {
      for (const r of await tx
        .select({
          id: reminderSchedule.id,
          status: reminderSchedule.status,
          claimedBy: reminderSchedule.claimedBy,
          releasedAt: reminderSchedule.releasedAt,
        })
        .from(reminderSchedule)
        .where(inIds(reminderSchedule.id, ids))
        .orderBy(asc(reminderSchedule.id))
        .for("update"))
        current.set(r.id, r);
    }

    const result: CommitResult = { deliver: [], conditions, deliveries: new Map(), obsolete: 0, notYet: 0, lost: 0 };
    const obsolete: string[] = [];
    const notYet: string[] = [];
    const firing: { row: ScheduleRow; kind: string; ruleDeadline: Date }[] = [];
    const moved = new Map<string, { condition: ConditionRow; deadline: Date }>();
    for (const claimed of rows) {
      const lease = current.get(claimed.id);
      // Our lease ran out and another worker took the row: it is theirs now.
      if (!lease || lease.status !== "claimed" || lease.claimedBy !== workerId) {
        result.lost++;
        continue;
      }
      const cur = { ...claimed, ...lease };
      if (cur.releasedAt) {
        result.deliver.push(cur);
        continue;
      }
      const condition = conditions.get(cur.conditionId);
      if (!condition) {
        obsolete.push(cur.id);
        continue;
      }
      // An emergency (docs/decisions/008): the press is its deadline and it was accepted in the
      // transaction that wrote this row, so nothing since (a check-in, keep_armed, a disarm) undoes it.
      const panic = condition.conditionType === "panic_trigger";
      const due = panic ? { deadline: cur.deadline, ruleDeadline: cur.deadline } : effectiveDeadline(condition, now);
      if (!due || due.deadline.getTime() !== cur.deadline.getTime()) {
        obsolete.push(cur.id);
        if (due && !panic) moved.set(condition.id, { condition, deadline: due.deadline });
        continue;
      }
      if (cur.reminderType === "reminder") {
        // A reminder after its deadline helps nobody: the final delivery takes over.
        if (now >= cur.deadline) {
          obsolete.push(cur.id);
          continue;
        }
      } else if (now < cur.deadline) {
        notYet.push(cur.id);
        continue;
      }
      firing.push({
        row: cur,
        kind: panic
          ? "panic"
          : cur.reminderType === "final_delivery"
            ? "final_delivery"
            : `reminder:${cur.offsetMinutes}`,
        ruleDeadline: due.ruleDeadline,
      });
    }

    await scheduleMovedDeadlines({ db: tx, clock, moved: [...moved.values()] });

    // Someone already acted on this deadline (a duplicate row): never twice.
    const first = new Set<string>();
    const onceKey = (conditionId: string, deadline: Date, kind: string) =>
      `${conditionId}|${deadline.getTime()}|${kind}`;
    for (const part of chunked(firing, 2000)) {
      const inserted = await insertRows(
        tx,
        sentReminders,
        part.map(({ row, kind }) => ({
          messageId: row.messageId,
          conditionId: row.conditionId,
          userId: row.userId,
          deadline: row.deadline,
          kind,
          createdAt: now,
        })),
        sql`on conflict do nothing returning condition_id, deadline, kind`,
      );
      for (const r of inserted)
        first.add(onceKey(r.condition_id as string, new Date(r.deadline as string | Date), r.kind as string));
    }
    const acting = firing.filter((f) => {
      const key = onceKey(f.row.conditionId, f.row.deadline, f.kind);
      if (first.delete(key)) return true;
      obsolete.push(f.row.id);
      return false;
    });

    const written: DeliveryRow[] = [];
    const reminders = acting.filter((f) => f.row.reminderType === "reminder").map((f) => f.row);
    if (reminders.length > 0) {
      const owners = new Map(
        (
          await tx
            .select({ id: users.id, email: users.email })
            .from(users)
            .where(inIds(users.id, [...new Set(reminders.map((r) => r.userId))]))
        ).map((u) => [u.id, u.email]),
      );
      for (const part of chunked(reminders, 2000)) {
        const inserted = await insertRows(
          tx,
          deliveries,
          part.map((r) => ({
            reminderId: r.id,
            kind: "reminder" as const,
            address: owners.get(r.userId) ?? "",
            idempotencyKey: `condition:${r.conditionId}:${r.deadline.toISOString()}:owner-reminder-${r.offsetMinutes}:email`,
            createdAt: now,
          })),
          sql`on conflict do nothing ${returningDeliveryRow.clause}`,
        );
        written.push(...inserted.map(returningDeliveryRow.map));
      }
    }
    const reached: Release[] = acting
      .filter((f) => f.row.reminderType !== "reminder")
      .map((f) => ({ row: f.row, condition: conditions.get(f.row.conditionId)!, ruleDeadline: f.ruleDeadline }));
    // Conditions with confirmation on ask their trusted contacts first (docs/decisions/041): such a
    // row becomes a question, and its deadline moves to the end of the contacts' window.
    const { release, waiting } = await confirmReleases({ tx, clock, masterKeys, siteUrl }, reached);
    written.push(...(await releaseMessages({ tx, clock, masterKeys, releases: release })));
    const asked = new Set(waiting.map((w) => w.row.id));
    obsolete.push(...asked);
    const done = acting.filter((f) => !asked.has(f.row.id));

    for (const ids of chunked(
      done.map((f) => f.row.id),
      5000,
    )) {
      await tx.update(reminderSchedule).set({ releasedAt: now, updatedAt: now }).where(inIds(reminderSchedule.id, ids));
    }
    for (const ids of chunked(obsolete, 5000)) {
      await tx
        .update(reminderSchedule)
        .set({ status: "obsolete", lockedUntil: null, completedAt: now, updatedAt: now })
        .where(inIds(reminderSchedule.id, ids));
    }
    for (const ids of chunked(notYet, 5000)) {
      await tx
        .update(reminderSchedule)
        .set({ status: "pending", lockedUntil: null, claimedBy: null })
        .where(and(inIds(reminderSchedule.id, ids), eq(reminderSchedule.claimedBy, workerId)));
    }
    result.deliver.push(...done.map((f) => ({ ...f.row, releasedAt: now })));
    // Only this transaction writes a row's deliveries while it releases the row (it holds the row's
    // lock), so what its inserts returned is all of them: they need not be read again (decision 012).
    for (const f of done) result.deliveries.set(f.row.id, []);
    for (const d of written) result.deliveries.get(d.reminderId!)!.push(d);
    result.obsolete = obsolete.length;
    result.notYet = notYet.length;
    return result;
  });
}
