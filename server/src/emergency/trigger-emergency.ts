import type { z } from "zod";
import {
  channelsOff,
  reachingChannels,
  type RecipientChannel,
  type sendMessageNotificationsBody,
} from "@trigger-switch/contracts";
import { randomUUID } from "node:crypto";
import { and, asc, eq } from "drizzle-orm";
import type { Channels } from "../channels/channel.ts";
import { deliveredBy } from "../channels/recipient-channel-rules.ts";
import type { Clock } from "../clock.ts";
import type { MasterKeys } from "../crypto/master-keys.ts";
import { messageCipherOf } from "../crypto/message-cipher.ts";
import type { Db, Tx } from "../db/connect.ts";
import { emergencyTriggers, messageConditions, messages, reminderSchedule } from "../db/schema.ts";
import { findOwnedMessage } from "../messages/find-owned-message.ts";
import { claimPanicSlot, panicKeys } from "./claim-panic-slot.ts";
import { conditionRecipients } from "./condition-recipients.ts";
import { currentLocationOf } from "./current-location.ts";
import { findRepeatedPress, type TriggerRow } from "./find-repeated-press.ts";
import { pressLocationOf, sealPressLocation } from "./press-location.ts";
import { purgePanicDedupe } from "./purge-panic-dedupe.ts";

/**
 * What an accepted press sent, as the owner must be told it: when, and the position that went
 * (when it was captured and where), or null when none did.
 */
export interface PressSummary {
  triggeredAt: Date;
  location: { locatedAt: Date; name: string | null } | null;
}

export type EmergencyOutcome =
  | { kind: "triggered"; keepArmed: boolean; recipients: number; reminderId: string; press: PressSummary }
  /** `press`: the alert this one repeats, when found. */
  | { kind: "duplicate"; press: PressSummary | null }
  | { kind: "no_active_panic" }
  /** `recipients`: how many the condition goes to; `off`: the channels they chose that this server does not send by. */
  | { kind: "no_deliverable_recipient"; recipients: number; off: RecipientChannel[] };

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
 *    reachable here: one of their chosen channels has its address and this server sends by it
 *    (never report success when nobody can be alerted). The engine then sends to every
 *    recipient through their channels with the same fallback as any release;
 * 3. keep_armed (the request's, else panic_config's; unset = true) false sets the condition inactive;
 * 4. a critical, aggressive final_delivery row due now becomes the engine's work, with an
 *    emergency_triggers row saying what the alert carries: the message's position if current
 *    (decision 008), copied and sealed, so the answer, the mails and the access page all tell of
 *    the same position, whatever a later press stores on the message.
 * Any outcome but "triggered" rolls everything back. Another user's message → 404 (before anything).
 */
export async function triggerEmergency({
  db,
  clock,
  masterKeys,
  channels,
  userId,
  request,
}: {
  db: Db;
  clock: Clock;
  masterKeys: MasterKeys;
  channels: Channels;
  userId: string;
  request: Request;
}): Promise<EmergencyOutcome> {
  const now = clock.now();
  await findOwnedMessage({ db, userId, messageId: request.messageId });
  await purgePanicDedupe({ db, now });
  try {
    return await db.transaction(async (tx) => {
      const keys = panicKeys({ userId, messageId: request.messageId, deduplicationId: request.deduplicationId });
      if (!(await claimPanicSlot({ tx, keys, userId, now }))) {
        const { messageId, deduplicationId } = request;
        const repeated = await findRepeatedPress({ tx, userId, messageId, deduplicationId, now });
        throw new Abandon({ kind: "duplicate", press: repeated && (await summaryOf(tx, masterKeys, repeated)) });
      }

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
      const chosen = await conditionRecipients({ db: tx, messageId: request.messageId, subset: condition.recipients });
      const delivered = deliveredBy(channels);
      const reachable = chosen.filter((r) => reachingChannels(r, delivered).length > 0);
      if (reachable.length === 0) {
        const off = [...new Set(chosen.flatMap((r) => channelsOff(r, delivered)))];
        throw new Abandon({ kind: "no_deliverable_recipient", recipients: chosen.length, off });
      }

      const keepArmed = request.keepArmed ?? condition.panicConfig.keep_armed !== false;
      if (!keepArmed)
        await tx
          .update(messageConditions)
          .set({ active: false, updatedAt: now })
          .where(eq(messageConditions.id, condition.id));

      const [message] = await tx.select().from(messages).where(eq(messages.id, request.messageId));
      const cipher = messageCipherOf(masterKeys, message!);
      const location = currentLocationOf(cipher, message!, now);
      const triggerId = randomUUID();
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
        id: triggerId,
        reminderId: row!.id,
        messageId: request.messageId,
        conditionId: condition.id,
        userId,
        triggeredAt: now,
        keepArmed,
        ...sealPressLocation(cipher, triggerId, location),
        deduplicationId: request.deduplicationId ?? null,
        clientTimestamp: request.timestamp ? new Date(request.timestamp) : null,
        createdAt: now,
      });
      return {
        kind: "triggered" as const,
        keepArmed,
        recipients: reachable.length,
        reminderId: row!.id,
        press: {
          triggeredAt: now,
          location: location && { locatedAt: location.locatedAt, name: location.name },
        },
      };
    });
  } catch (err) {
    if (err instanceof Abandon) return err.outcome;
    throw err;
  }
}

/** What an earlier accepted press sent (its message may be another, for a repeated client id). */
async function summaryOf(tx: Tx, masterKeys: MasterKeys, trigger: TriggerRow): Promise<PressSummary> {
  const [message] = await tx.select().from(messages).where(eq(messages.id, trigger.messageId));
  const location = message ? pressLocationOf(messageCipherOf(masterKeys, message), trigger, message) : null;
  return {
    triggeredAt: trigger.triggeredAt,
    location: location && { locatedAt: location.locatedAt, name: location.name },
  };
}
