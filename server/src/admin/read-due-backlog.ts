import { sql } from "drizzle-orm";
import type { Db } from "../db/connect.ts";
import { rows } from "./sql-rows.ts";

export interface DueBacklog {
  reminder: number;
  final_delivery: number;
  claimed: number;
  parked: number;
  /** now − the oldest due row's next attempt; null when nothing is due. */
  oldestDueLatenessSeconds: number | null;
}

/** What the engine has to do right now, read from reminder_schedule (the queue, docs/decisions/005). */
export async function readDueBacklog({ db, now }: { db: Db; now: Date }): Promise<DueBacklog> {
  const at = now.toISOString();
  const [row] = await rows<{
    reminder: number;
    final_delivery: number;
    claimed: number;
    parked: number;
    oldest_ms: number | null;
  }>(
    db,
    sql`select
      count(*) filter (where status = 'pending' and next_attempt_at <= ${at}::timestamptz and reminder_type = 'reminder')::int as reminder,
      count(*) filter (where status = 'pending' and next_attempt_at <= ${at}::timestamptz and reminder_type = 'final_delivery')::int as final_delivery,
      count(*) filter (where status = 'claimed')::int as claimed,
      count(*) filter (where status = 'parked')::int as parked,
      (extract(epoch from min(next_attempt_at) filter (where status = 'pending' and next_attempt_at <= ${at}::timestamptz)) * 1000)::float8 as oldest_ms
    from reminder_schedule where status in ('pending', 'claimed', 'parked')`,
  );
  const oldest = row?.oldest_ms === null || row?.oldest_ms === undefined ? null : new Date(Number(row.oldest_ms));
  return {
    reminder: row?.reminder ?? 0,
    final_delivery: row?.final_delivery ?? 0,
    claimed: row?.claimed ?? 0,
    parked: row?.parked ?? 0,
    oldestDueLatenessSeconds: oldest ? Math.max(0, (now.getTime() - oldest.getTime()) / 1000) : null,
  };
}
