import { DUE_LATENESS_LIMIT_S, type ServiceDiagnostic } from "@trigger-switch/contracts";
import { and, eq, lte, min, sql } from "drizzle-orm";
import type { Clock } from "../clock.ts";
import type { Config } from "../config.ts";
import type { Database } from "../db/connect.ts";
import { engineHeartbeat, reminderSchedule } from "../db/schema.ts";

/**
 * The public status of the service: counts and ages only, never a user, address or title.
 * Degraded when no engine has beaten within 3 ticks + 60 s (or ever), when work is parked, when
 * due work waits more than 60 s, when the database does not answer (docs/decisions/006), or when
 * writes fail for lack of space (docs/decisions/013).
 */
export async function readServiceDiagnostic({
  database,
  clock,
  config,
  mailTransport,
}: {
  database: Database;
  clock: Clock;
  config: Pick<Config, "ROLE" | "ENGINE_INTERVAL_MS">;
  mailTransport: "smtp" | "outbox";
}): Promise<ServiceDiagnostic> {
  const now = clock.now();
  const storageProblem = await database.storage.check();
  const storage = {
    ok: !storageProblem,
    problem: storageProblem?.cause ?? null,
    since: storageProblem?.since.toISOString() ?? null,
  };
  const base = { mail: { transport: mailTransport }, storage, checked_at: now.toISOString() };
  const { db } = database;
  try {
    const [[beat], [counts]] = await Promise.all([
      db.select({ at: engineHeartbeat.lastBeatAt }).from(engineHeartbeat).where(eq(engineHeartbeat.id, 1)),
      db
        .select({
          pending: sql<number>`count(*) filter (where ${reminderSchedule.status} = 'pending')`.mapWith(Number),
          claimed: sql<number>`count(*) filter (where ${reminderSchedule.status} = 'claimed')`.mapWith(Number),
          parked: sql<number>`count(*) filter (where ${reminderSchedule.status} = 'parked')`.mapWith(Number),
        })
        .from(reminderSchedule),
    ]);
    const due = await db
      .select({ n: sql<number>`count(*)`.mapWith(Number), oldest: min(reminderSchedule.nextAttemptAt) })
      .from(reminderSchedule)
      .where(and(eq(reminderSchedule.status, "pending"), lte(reminderSchedule.nextAttemptAt, now)));
    const ageS = beat ? Math.max(0, Math.round((now.getTime() - beat.at.getTime()) / 1000)) : null;
    const oldest = due[0]?.oldest ?? null;
    const latenessS = oldest ? Math.max(0, Math.round((now.getTime() - new Date(oldest).getTime()) / 1000)) : null;
    const heartbeatLimitS = (3 * config.ENGINE_INTERVAL_MS) / 1000 + 60;
    const degraded =
      storageProblem !== null ||
      ageS === null ||
      ageS > heartbeatLimitS ||
      counts!.parked > 0 ||
      (latenessS ?? 0) > DUE_LATENESS_LIMIT_S;
    return {
      status: degraded ? "degraded" : "ok",
      database: { ok: true, kind: database.kind },
      engine: { role: config.ROLE, heartbeat_at: beat?.at.toISOString() ?? null, heartbeat_age_seconds: ageS },
      queue: {
        pending: counts!.pending,
        due: due[0]?.n ?? 0,
        claimed: counts!.claimed,
        parked: counts!.parked,
        oldest_due_lateness_seconds: latenessS,
      },
      ...base,
    };
  } catch {
    return {
      status: "degraded",
      database: { ok: false, kind: database.kind },
      engine: { role: config.ROLE, heartbeat_at: null, heartbeat_age_seconds: null },
      queue: null,
      ...base,
    };
  }
}
