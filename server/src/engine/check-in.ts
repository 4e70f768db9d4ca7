import { sql } from "drizzle-orm";
import type { Clock } from "../clock.ts";
import type { Db } from "../db/connect.ts";
import { DEFAULT_LEASE_MS } from "./run-engine-tick.ts";

export interface CheckInResult {
  checked_in_at: string;
  /** How many conditions were reset. */
  conditions: number;
  /** The earliest deadline now ahead, or null when nothing is scheduled. */
  next_deadline: string | null;
  /** How many armed conditions were waiting for a check-in (had a deadline before it). */
  waiting: number;
  /** The inactivity_to_date conditions this check-in cancelled (a deadline before, none after). */
  cancelledConditionIds: string[];
}

/**
 * Spec §4 check-in in one round trip: the SQL function `check_in` (migrations 0013_checkin,
 * 0019_check-in-says-what-it-cancelled, 0033_check-in-schedule-when-needed) gives every active
 * check-in condition of the user last_checked = now (they stay active). Unless one of a
 * condition's pending rows falls due a lease or more before the new deadline's first event, it
 * obsoletes them and schedules the new deadline's, exactly as the engine's rescheduleCondition
 * would (docs/decisions/023); otherwise it leaves that to the engine, which writes it when that
 * row falls due (docs/decisions/043). `rewriteSchedule` writes every condition's schedule now (a
 * check-in dated in the past). It locks the conditions the engine locks before firing, so a
 * check-in and a release of the same deadline serialise: whichever commits first wins
 * (docs/decisions/003, 005). No active condition: success, nothing changes. Runs on its own
 * (autocommit) or inside the caller's transaction (`db` may be a transaction handle). It also says
 * how many armed conditions it met and which dated deliveries it cancelled (docs/decisions/028).
 * `source` says where it came from (app, email link, WhatsApp, SMS, a notification).
 */
export async function checkIn({
  db,
  clock,
  userId,
  rewriteSchedule = false,
}: {
  db: Db;
  clock: Clock;
  userId: string;
  source: "app" | "email_link" | "whatsapp" | "sms" | "push";
  rewriteSchedule?: boolean;
}): Promise<CheckInResult> {
  const now = clock.now();
  const result = (await db.execute(
    sql`select conditions, next_deadline, waiting, cancelled::text[] as cancelled
        from check_in(${userId}::uuid, ${now.toISOString()}::timestamptz, ${rewriteSchedule}, ${DEFAULT_LEASE_MS} * interval '1 millisecond')`,
  )) as unknown as {
    rows: { conditions: number; next_deadline: Date | string | null; waiting: number; cancelled: string[] }[];
  };
  const row = result.rows[0]!;
  return {
    checked_in_at: now.toISOString(),
    conditions: Number(row.conditions),
    next_deadline: row.next_deadline === null ? null : new Date(row.next_deadline).toISOString(),
    waiting: Number(row.waiting),
    cancelledConditionIds: row.cancelled,
  };
}
