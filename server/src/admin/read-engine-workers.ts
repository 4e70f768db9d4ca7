import { sql } from "drizzle-orm";
import type { Db } from "../db/connect.ts";
import { rows } from "./sql-rows.ts";

export interface EngineWorker {
  id: string;
  lastBeatAt: Date | null;
  claimed: number;
}

/**
 * Engine workers known to the database: the heartbeat's writer (engine_heartbeat; one row today,
 * the engine branch adds one per worker) and whoever holds claims now.
 */
export async function readEngineWorkers({ db }: { db: Db }): Promise<EngineWorker[]> {
  // Epoch milliseconds, not text: the text form of a timestamptz depends on the session's TimeZone.
  const beats = await rows<{ id: string | null; beat_ms: number }>(
    db,
    sql`select coalesce(beat_by, 'engine') as id, (extract(epoch from last_beat_at) * 1000)::float8 as beat_ms from engine_heartbeat`,
  );
  const claims = await rows<{ id: string; n: number }>(
    db,
    sql`select claimed_by as id, count(*)::int as n from reminder_schedule where status = 'claimed' and claimed_by is not null group by 1`,
  );
  const workers = new Map<string, EngineWorker>();
  for (const b of beats) {
    const id = b.id ?? "engine";
    workers.set(id, { id, lastBeatAt: new Date(Number(b.beat_ms)), claimed: 0 });
  }
  for (const c of claims) {
    const w = workers.get(c.id) ?? { id: c.id, lastBeatAt: null, claimed: 0 };
    w.claimed = Number(c.n);
    workers.set(c.id, w);
  }
  return [...workers.values()].sort((a, b) => (b.lastBeatAt?.getTime() ?? 0) - (a.lastBeatAt?.getTime() ?? 0));
}
