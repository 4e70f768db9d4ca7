import type { OwnerMessageDiagnostic } from "@trigger-switch/contracts";
import { asc, eq } from "drizzle-orm";
import type { Clock } from "../clock.ts";
import { toConditionDto } from "../conditions/to-condition-dto.ts";
import { readConditionConfirmation } from "../contacts/condition-confirmation.ts";
import { messageCipherOf } from "../crypto/message-cipher.ts";
import type { MasterKeys } from "../crypto/master-keys.ts";
import type { Db } from "../db/connect.ts";
import { accessGrants, messageConditions, recipients, reminderDeliveryLog, reminderSchedule } from "../db/schema.ts";
import { findOwnedMessage } from "../messages/find-owned-message.ts";
import { recipientName } from "../recipients/seal-recipient.ts";
import { scheduleAsPlanned } from "./schedule-as-planned.ts";

const iso = (d: Date | null) => d?.toISOString() ?? null;

/** Everything the engine did and will do for one of the owner's messages; another user's id is a 404. */
export async function readOwnerMessageDiagnostic({
  db,
  clock,
  masterKeys,
  userId,
  messageId,
}: {
  db: Db;
  clock: Clock;
  masterKeys: MasterKeys;
  userId: string;
  messageId: string;
}): Promise<OwnerMessageDiagnostic> {
  const message = await findOwnedMessage({ db, userId, messageId });
  const now = clock.now();
  const [conditions, schedule, log, grants] = await Promise.all([
    db
      .select()
      .from(messageConditions)
      .where(eq(messageConditions.messageId, message.id))
      .orderBy(asc(messageConditions.createdAt), asc(messageConditions.id)),
    db
      .select()
      .from(reminderSchedule)
      .where(eq(reminderSchedule.messageId, message.id))
      .orderBy(asc(reminderSchedule.scheduledAt), asc(reminderSchedule.id)),
    db
      .select()
      .from(reminderDeliveryLog)
      .where(eq(reminderDeliveryLog.messageId, message.id))
      .orderBy(asc(reminderDeliveryLog.createdAt), asc(reminderDeliveryLog.id)),
    db
      .select({
        grant: accessGrants,
        recipient: {
          id: recipients.id,
          name: recipients.name,
          keyId: recipients.keyId,
          wrappedKey: recipients.wrappedKey,
        },
      })
      .from(accessGrants)
      .leftJoin(recipients, eq(recipients.id, accessGrants.recipientId))
      .where(eq(accessGrants.messageId, message.id))
      .orderBy(asc(accessGrants.releasedAt), asc(accessGrants.id)),
  ]);
  // Few conditions per message: each one's stage read as its own card reads it.
  const confirmations = [];
  for (const c of conditions) {
    const confirmation = await readConditionConfirmation({ db, clock, masterKeys, userId, conditionId: c.id });
    if (confirmation.enabled || confirmation.stage.status !== "none")
      confirmations.push({ condition_id: c.id, ...confirmation });
  }
  return {
    view: "owner",
    message: { id: message.id, title: messageCipherOf(masterKeys, message).openText("title", message.title) },
    // Whole, with every instant: the web words them for the reader (locale, zone); `summary` is en-GB for API users.
    conditions: conditions.map((row) => toConditionDto(row, now)),
    schedule: scheduleAsPlanned(conditions, schedule, now).map((r) => ({
      id: r.id,
      condition_id: r.conditionId,
      reminder_type: r.reminderType,
      scheduled_at: r.scheduledAt.toISOString(),
      status: r.status,
      delivery_priority: r.deliveryPriority,
      retry_strategy: r.retryStrategy,
      attempts: r.attempts,
      next_attempt_at: r.nextAttemptAt.toISOString(),
      last_error: r.lastError,
    })),
    deliveries: log.map((l) => ({
      created_at: l.createdAt.toISOString(),
      reminder_id: l.reminderId,
      recipient: l.recipient,
      delivery_channel: l.deliveryChannel,
      delivery_status: l.deliveryStatus,
      response_data: l.responseData,
      error: l.error,
    })),
    confirmations,
    releases: grants.map(({ grant: g, recipient }) => ({
      id: g.id,
      recipient_name: recipient && recipientName(masterKeys, recipient),
      opens_at: g.opensAt.toISOString(),
      expires_at: iso(g.expiresAt),
      first_opened_at: iso(g.firstOpenedAt),
      cancelled_at: iso(g.cancelledAt),
    })),
  };
}
