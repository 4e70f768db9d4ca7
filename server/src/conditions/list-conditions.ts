import { canFire, CONDITION_TYPES, type Condition } from "@trigger-switch/contracts";
import { and, asc, eq, inArray } from "drizzle-orm";
import type { Clock } from "../clock.ts";
import type { Db } from "../db/connect.ts";
import { messageConditions } from "../db/schema.ts";
import { toConditionDto } from "./to-condition-dto.ts";

/**
 * Spec §7 (header buttons): the user's conditions of the four types, ordered by id. `active`
 * filters on "in force" — contracts' canFire: active, armed, and able to fire (the emergency
 * button, or a deadline) — so a disarmed condition, or an inactivity_to_date a check-in cancelled,
 * is not listed as active even though its `active` column is still true. `false`: the others.
 */
export async function listConditions({
  db,
  clock,
  userId,
  active,
  timeZone,
}: {
  db: Db;
  clock: Clock;
  userId: string;
  active?: boolean;
  timeZone?: string;
}): Promise<Condition[]> {
  const rows = await db
    .select()
    .from(messageConditions)
    .where(
      and(
        eq(messageConditions.userId, userId),
        inArray(messageConditions.conditionType, [...CONDITION_TYPES]),
        // Only an active row can be in force; the rest of the rule needs the computed deadline.
        active === true ? eq(messageConditions.active, true) : undefined,
      ),
    )
    .orderBy(asc(messageConditions.id));
  const now = clock.now();
  const all = rows.map((row) => toConditionDto(row, now, timeZone));
  return active === undefined ? all : all.filter((c) => canFire(c) === active);
}
