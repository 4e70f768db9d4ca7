import type { z } from "zod";
import type { sendMessageNotificationsBody } from "@trigger-switch/contracts";
import { and, asc, eq } from "drizzle-orm";
import type { Clock } from "../clock.ts";
import type { Db } from "../db/connect.ts";
import { emergencyTriggers, messageConditions, messages, reminderSchedule } from "../db/schema.ts";
import { findOwnedMessage } from "../messages/find-owned-message.ts";
import { claimPanicSlot, panicKeys } from "./claim-panic-slot.ts";
import { conditionRecipients } from "./condition-recipients.ts";
import { isCurrentPosition } from "./current-location.ts";
import { purgePanicDedupe } from "./purge-panic-dedupe.ts";

export type EmergencyOutcome =
  | { kind: "triggered"; keepArmed: boolean; recipients: number; locationIncluded: boolean; reminderId: string }
  | { kind: "duplicate" }
  | { kind: "no_active_panic" }
  | { kind: "no_deliverable_recipient" };

type Request = z.output<typeof sendMessageNotificationsBody>;

/** Thrown inside the transaction to roll back the duplicate record with everything else. */
class Abandon extends Error {
  constructor(readonly outcome: EmergencyOutcome) {
    super(outcome.kind);
  }
}

/**
 * The emergency button (spec §4, §5, §7 send-message-notifications), in one transaction:
 * 1. the press claims its duplicate-suppression keys (a repeat within 30 s → duplicate, checked
 *    first, so a retry of a press that went through is never reported as a failure);
 * 2. the message needs an active, armed panic_trigger condition, and at least one recipient
 *    with an e-mail address (never report success when nobody can be alerted);
 * 3. keep_armed (the request's, else panic_config's; unset = true) false sets the condition inactive;
 * 4. a critical, aggressive final_delivery row due now becomes the engine's work, with an
 *    emergency_triggers row saying what the alert carries.
 * Any outcome but "triggered" rolls everything back. Another user's message → 404 (before anything).
 */
export async function triggerEmergency({
  db,
  clock,
  userId,
  request,
}: {
  db: Db;
  clock: Clock;
  userId: string;
  request: Request;
}): Promise<EmergencyOutcome> {
  const now = clock.now();
  await findOwnedMessage({ db, userId, messageId: request.messageId });
  await purgePanicDedupe({ db, now });
  try {
    return await db.transaction(async (tx) => {
      const keys = panicKeys({ userId, messageId: request.messageId, deduplicationId: request.deduplicationId });
      if (!(await claimPanicSlot({ tx, keys, userId, now }))) throw new Abandon({ kind: "duplicate" });

      // The same lock as the engine's commit and the condition routes take.
      const [condition] = await tx
        .select()
        .from(messageConditions)
        .where(
          and(
            eq(messageConditions.messageId, request.messageId),
            eq(messageConditions.conditionType, "panic_trigger"),
            eq(messageConditions.active, true),
            eq(messageConditions.isArmed, true),
          ),
        )
        .orderBy(asc(messageConditions.createdAt), asc(messageConditions.id))
        .limit(1)
        .for("update");
      if (!condition) throw new Abandon({ kind: "no_active_panic" });
      const reachable = (
        await conditionRecipients({ db: tx, messageId: request.messageId, subset: condition.recipients })
      ).filter((r) => r.email);
      if (reachable.length === 0) throw new Abandon({ kind: "no_deliverable_recipient" });

      const keepArmed = request.keepArmed ?? condition.panicConfig.keep_armed !== false;
      if (!keepArmed)
        await tx
          .update(messageConditions)
          .set({ active: false, updatedAt: now })
          .where(eq(messageConditions.id, condition.id));

      const [message] = await tx
        .select({ shareLocation: messages.shareLocation, locatedAt: messages.locatedAt })
        .from(messages)
        .where(eq(messages.id, request.messageId));
      const locatedAt = message?.shareLocation && isCurrentPosition(message.locatedAt, now) ? message.locatedAt : null;
      const [row] = await tx
        .insert(reminderSchedule)
        .values({
          messageId: request.messageId,
          conditionId: condition.id,
          userId,
          // The press is the deadline: keys, sent_reminders and access grants hang off it like a timed release.
          deadline: now,
          scheduledAt: now,
          nextAttemptAt: now,
          reminderType: "final_delivery",
          offsetMinutes: 0,
          deliveryPriority: "critical",
          retryStrategy: "aggressive",
          idempotencyKey: `panic:${condition.id}:${now.toISOString()}`,
          createdAt: now,
          updatedAt: now,
        })
        .returning({ id: reminderSchedule.id });
      await tx.insert(emergencyTriggers).values({
        reminderId: row!.id,
        messageId: request.messageId,
        conditionId: condition.id,
        userId,
        triggeredAt: now,
        keepArmed,
        locationLocatedAt: locatedAt,
        deduplicationId: request.deduplicationId ?? null,
        clientTimestamp: request.timestamp ? new Date(request.timestamp) : null,
        createdAt: now,
      });
      return {
        kind: "triggered" as const,
        keepArmed,
        recipients: reachable.length,
        locationIncluded: locatedAt !== null,
        reminderId: row!.id,
      };
    });
  } catch (err) {
    if (err instanceof Abandon) return err.outcome;
    throw err;
  }
}
