import { sql } from "drizzle-orm";
import type { Db } from "../db/connect.ts";
import { rows } from "./sql-rows.ts";

export interface SendRate {
  minute: string;
  channel: string;
  sent: number;
  failed: number;
}

/**
 * Delivery attempts per channel per minute over the last `minutes`, oldest first (reminder_delivery_log).
 * Sent counts every attempt a channel took, whatever its receipts said since: a message delivered or
 * read was sent.
 */
export async function readSendRates({
  db,
  now,
  minutes = 15,
}: {
  db: Db;
  now: Date;
  minutes?: number;
}): Promise<SendRate[]> {
  const since = new Date(now.getTime() - minutes * 60_000).toISOString();
  const found = await rows<{ minute: string; channel: string; sent: number; failed: number }>(
    db,
    sql`select to_char(date_trunc('minute', created_at at time zone 'UTC'), 'YYYY-MM-DD"T"HH24:MI:00"Z"') as minute, delivery_channel as channel,
      count(*) filter (where delivery_status <> 'failed')::int as sent, count(*) filter (where delivery_status = 'failed')::int as failed
    from reminder_delivery_log where created_at > ${since}::timestamptz and created_at <= ${now.toISOString()}::timestamptz
    group by 1, 2 order by 1, 2`,
  );
  return found.map((r) => ({ minute: r.minute, channel: r.channel, sent: Number(r.sent), failed: Number(r.failed) }));
}

/** Failed delivery attempts over the window. */
export async function readFailures({
  db,
  now,
  windowMs = 3_600_000,
}: {
  db: Db;
  now: Date;
  windowMs?: number;
}): Promise<number> {
  const since = new Date(now.getTime() - windowMs).toISOString();
  const [row] = await rows<{ n: number }>(
    db,
    sql`select count(*)::int as n from reminder_delivery_log where delivery_status = 'failed' and created_at > ${since}::timestamptz and created_at <= ${now.toISOString()}::timestamptz`,
  );
  return row?.n ?? 0;
}

/** Every delivery attempt ever logged, by channel and outcome: Prometheus counters. */
export async function readSendTotals({ db }: { db: Db }): Promise<{ channel: string; status: string; n: number }[]> {
  const found = await rows<{ channel: string; status: string; n: number }>(
    db,
    sql`select delivery_channel as channel, delivery_status as status, count(*)::int as n from reminder_delivery_log group by 1, 2 order by 1, 2`,
  );
  return found.map((r) => ({ ...r, n: Number(r.n) }));
}
