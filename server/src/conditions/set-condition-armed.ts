import { DELIVER_AT_MIN_LEAD_MINUTES, deliverAtTooSoon, type Condition } from "@trigger-switch/contracts";
import { eq } from "drizzle-orm";
import { checkPlanInterval } from "../billing/check-plan-interval.ts";
import { limitsFor } from "../billing/limits-for.ts";
import type { Clock } from "../clock.ts";
import type { Config } from "../config.ts";
import type { Db } from "../db/connect.ts";
import { messageConditions } from "../db/schema.ts";
import { AppError } from "../errors.ts";
import { findOwnedCondition } from "./find-owned-condition.ts";
import { rescheduleCondition } from "../engine/reschedule-condition.ts";
import { toConditionDto } from "./to-condition-dto.ts";

interface Options {
  db: Db;
  config: Config;
  clock: Clock;
  userId: string;
  conditionId: string;
  armed: boolean;
  timeZone?: string;
}

/**
 * The owner's switch. Arming puts the condition back in force (a used panic condition or a
 * finished one included) with a fresh clock: last_checked = armed_at = now. Disarming only
 * flips is_armed; a disarmed condition never fires.
 */
export async function setConditionArmed({
  db,
  config,
  clock,
  userId,
  conditionId,
  armed,
  timeZone,
}: Options): Promise<Condition> {
  const now = clock.now();
  const current = await findOwnedCondition({ db, userId, conditionId });
  // Arming restarts the clock, so a passed (or imminent) deliver_at would fire at once.
  if (armed && current.deliverAt && deliverAtTooSoon(current.deliverAt, now)) {
    throw new AppError(
      "conflict",
      `Its delivery time has passed or is less than ${DELIVER_AT_MIN_LEAD_MINUTES} minutes away. Choose a new date and time first.`,
      {
        deliver_at: "Choose a later time",
      },
    );
  }
  // Arming again is switching something on: it must fit the plan (staying armed never needs to).
  if (armed)
    checkPlanInterval(config, await limitsFor({ db, config, userId }), {
      condition_type: current.conditionType,
      hours_threshold: current.hoursThreshold,
      minutes_threshold: current.minutesThreshold,
    });
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(messageConditions)
      .set(
        armed
          ? {
              isArmed: true,
              active: true,
              lastChecked: now,
              armedAt: now,
              shiftedDeadline: null,
              deadlineShiftMs: 0,
              updatedAt: now,
            }
          : { isArmed: false, updatedAt: now },
      )
      .where(eq(messageConditions.id, current.id))
      .returning();
    await rescheduleCondition({ db: tx, clock, conditionId: current.id });
    return toConditionDto(row!, now, timeZone);
  });
}
