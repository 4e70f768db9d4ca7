import { CONDITIONS_PER_MESSAGE_MAX, type Condition, type conditionCreateSchema } from "@trigger-switch/contracts";
import { count, eq } from "drizzle-orm";
import type { z } from "zod";
import { checkPlanInterval } from "../billing/check-plan-interval.ts";
import { limitsFor } from "../billing/limits-for.ts";
import type { Clock } from "../clock.ts";
import type { Config } from "../config.ts";
import type { Db } from "../db/connect.ts";
import { messageConditions } from "../db/schema.ts";
import { AppError } from "../errors.ts";
import { findOwnedMessage } from "../messages/find-owned-message.ts";
import { checkConditionRecipients } from "./check-condition-recipients.ts";
import { checkDeliverAt } from "./check-deliver-at.ts";
import { rescheduleCondition } from "../engine/reschedule-condition.ts";
import { toConditionDto } from "./to-condition-dto.ts";
import { withStartDate } from "./with-start-date.ts";

interface Options {
  db: Db;
  config: Config;
  clock: Clock;
  userId: string;
  messageId: string;
  input: z.output<typeof conditionCreateSchema>;
  timeZone?: string;
}

/** A new condition is in force and armed at once, its clock starting now (last_checked = armed_at = now). */
export async function createCondition({
  db,
  config,
  clock,
  userId,
  messageId,
  input,
  timeZone,
}: Options): Promise<Condition> {
  const now = clock.now();
  const deliverAt = input.deliver_at === null ? null : new Date(input.deliver_at);
  checkDeliverAt(deliverAt, now);
  checkPlanInterval(config, await limitsFor({ db, config, userId }), input);
  return db.transaction(async (tx) => {
    const message = await findOwnedMessage({ db: tx, userId, messageId, forUpdate: true });
    const [existing] = await tx
      .select({ n: count() })
      .from(messageConditions)
      .where(eq(messageConditions.messageId, message.id));
    if ((existing?.n ?? 0) >= CONDITIONS_PER_MESSAGE_MAX)
      throw new AppError("conflict", `A message can have at most ${CONDITIONS_PER_MESSAGE_MAX} conditions.`);
    await checkConditionRecipients({ db: tx, messageId: message.id, ids: input.recipients });
    const [row] = await tx
      .insert(messageConditions)
      .values({
        messageId: message.id,
        userId,
        conditionType: input.condition_type,
        active: true,
        isArmed: true,
        hoursThreshold: input.hours_threshold,
        minutesThreshold: input.minutes_threshold,
        reminderHours: [...input.reminder_hours].sort((a, b) => b - a),
        recipients: input.recipients,
        recurringPattern: withStartDate(input.recurring_pattern, now),
        panicConfig: input.panic_config,
        deliverAt,
        lastChecked: now,
        armedAt: now,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    await rescheduleCondition({ db: tx, clock, conditionId: row!.id });
    return toConditionDto(row!, now, timeZone);
  });
}
