import { sql } from "drizzle-orm";
import type { Db } from "../db/connect.ts";
import { rows } from "./sql-rows.ts";

export interface Lateness {
  count: number;
  p50Seconds: number | null;
  p99Seconds: number | null;
}

/**
 * How late first attempts were over the window: each send's time (reminder_delivery_log) minus
 * when its row was due (reminder_schedule.scheduled_at). Retries are left out: they are late by design.
 */
export async function readLateness({
  db,
  now,
  windowMs = 3_600_000,
}: {
  db: Db;
  now: Date;
  windowMs?: number;
}): Promise<Lateness> {
  const since = new Date(now.getTime() - windowMs).toISOString();
  const [row] = await rows<{ n: number; p50: number | null; p99: number | null }>(
    db,
    sql`select count(*)::int as n,
      percentile_cont(0.5) within group (order by extract(epoch from (l.created_at - s.scheduled_at)))::float8 as p50,
      percentile_cont(0.99) within group (order by extract(epoch from (l.created_at - s.scheduled_at)))::float8 as p99
    from reminder_delivery_log l join reminder_schedule s on s.id = l.reminder_id
    where l.attempt = 1 and l.created_at > ${since}::timestamptz and l.created_at <= ${now.toISOString()}::timestamptz`,
  );
  const seconds = (v: number | null | undefined) => (v === null || v === undefined ? null : Math.max(0, Number(v)));
  return { count: row?.n ?? 0, p50Seconds: seconds(row?.p50), p99Seconds: seconds(row?.p99) };
}
