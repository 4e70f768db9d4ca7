import { eq } from "drizzle-orm";
import type { Clock } from "../clock.ts";
import type { MasterKeys } from "../crypto/master-keys.ts";
import type { Tx } from "../db/connect.ts";
import { accessGrants, deliveries, messageConditions, users } from "../db/schema.ts";
import { conditionRecipients } from "../emergency/condition-recipients.ts";
import type { ScheduleRow } from "./claim-due-work.ts";
import { rescheduleCondition } from "./reschedule-condition.ts";
import { newSecretToken } from "./secret-token.ts";

type ConditionRow = typeof messageConditions.$inferSelect;

const HOUR = 3_600_000;
/** Conditions that fire once; a recurring schedule goes on to its next occurrence. */
const ONE_SHOT = new Set(["no_check_in", "inactivity_to_date"]);

/**
 * Commits a release inside the firing transaction: the condition is marked fired (docs/decisions/003;
 * an emergency's was settled at the press, docs/decisions/008),
 * and each recipient (the condition's subset, empty = all) gets an access grant and a delivery
 * intent whose link token is kept sealed by the master key, so a retry sends the same link.
 * Unlock delay and expiry come from panic_config: the grant opens `unlock_delay_hours` after the
 * release and closes `expiry_hours` after it opens (0 = never).
 */
export async function releaseMessage({ tx, clock, masterKeys, row, condition, ruleDeadline }: { tx: Tx; clock: Clock; masterKeys: MasterKeys; row: ScheduleRow; condition: ConditionRow; ruleDeadline: Date }): Promise<void> {
  const now = clock.now();
  // An emergency's condition was settled at the press (keep_armed, emergency/trigger-emergency.ts),
  // in the transaction that accepted it, so the header's button reflects it at once.
  if (condition.conditionType !== "panic_trigger") {
    const fired = ONE_SHOT.has(condition.conditionType)
      ? { active: false }
      : // The occurrence that fired counts as done: the next one due after it is the new deadline.
        // last_checked stays: it is the owner's latest check-in, and a change of it reads as one (spec §4).
        { armedAt: ruleDeadline };
    await tx.update(messageConditions).set({ ...fired, shiftedDeadline: null, deadlineShiftMs: 0, updatedAt: now }).where(eq(messageConditions.id, condition.id));
    await rescheduleCondition({ db: tx, clock, conditionId: condition.id });
  }

  const chosen = await conditionRecipients({ db: tx, messageId: row.messageId, subset: condition.recipients });
  const opensAt = new Date(now.getTime() + (condition.panicConfig.unlock_delay_hours ?? 0) * HOUR);
  const expiryHours = condition.panicConfig.expiry_hours ?? 0;
  const expiresAt = expiryHours > 0 ? new Date(opensAt.getTime() + expiryHours * HOUR) : null;
  const keyBase = `condition:${condition.id}:${row.deadline.toISOString()}`;

  for (const r of chosen) {
    const { token, hash } = newSecretToken();
    const [grant] = await tx
      .insert(accessGrants)
      .values({ tokenHash: hash, messageId: row.messageId, recipientId: r.id, releaseId: row.id, conditionId: condition.id, deadline: row.deadline, releasedAt: now, opensAt, expiresAt, createdAt: now })
      .returning({ id: accessGrants.id });
    const sealed = masterKeys.wrap(Buffer.from(token, "utf8"), `access-token:${grant!.id}`);
    // No e-mail address: WhatsApp/SMS are not built yet, so this one fails at once and the owner is told.
    await tx
      .insert(deliveries)
      .values({
        reminderId: row.id,
        kind: "release",
        recipientId: r.id,
        grantId: grant!.id,
        address: r.email ?? "",
        idempotencyKey: `${keyBase}:${r.id}:email`,
        sealedToken: sealed.wrapped,
        tokenKeyId: sealed.keyId,
        ...(r.email ? {} : { status: "failed" as const, lastError: "This recipient has no e-mail address (other channels are not available yet)." }),
        createdAt: now,
      })
      .onConflictDoNothing();
  }
  // owner-server (issue 14): the owner learns of every release, not only of a delayed one they could still cancel.
  if (chosen.length > 0) {
    const [owner] = await tx.select({ email: users.email }).from(users).where(eq(users.id, row.userId));
    await tx.insert(deliveries).values({ reminderId: row.id, kind: "release_notice", address: owner!.email, idempotencyKey: `${keyBase}:owner-release-notice:email`, createdAt: now }).onConflictDoNothing();
  }
}
