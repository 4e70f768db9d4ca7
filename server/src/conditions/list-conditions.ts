import { CONDITION_TYPES, type Condition } from "@trigger-switch/contracts";
import { and, asc, eq, inArray } from "drizzle-orm";
import type { Clock } from "../clock.ts";
import type { Db } from "../db/connect.ts";
import { messageConditions } from "../db/schema.ts";
import { toConditionDto } from "./to-condition-dto.ts";

/** Spec §7 (header buttons): the user's conditions of the four types, ordered by id, optionally only active ones. */
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
        active === undefined ? undefined : eq(messageConditions.active, active),
      ),
    )
    .orderBy(asc(messageConditions.id));
  const now = clock.now();
  return rows.map((row) => toConditionDto(row, now, timeZone));
}
