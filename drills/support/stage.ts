import type { DrillContext } from "./report.ts";
import { createScratchDatabase, rows, type ScratchDatabase } from "./scratch-db.ts";
import { createDeployment, type Deployment, type ServerProcess } from "./server-process.ts";
import { startSmtpSink, type SmtpSink } from "./smtp-sink.ts";
import { countReleases } from "./count-mails.ts";
import { GiveUp, waitUntil } from "./wait.ts";

export interface Stage {
  db: ScratchDatabase;
  sink: SmtpSink;
  deployment: Deployment;
}

/** A fresh database, a mail sink and a place for server processes; all torn down by the drill's cleanup. */
export async function stage(ctx: DrillContext, label: string): Promise<Stage> {
  const db = await createScratchDatabase(label);
  ctx.cleanup(() => db.drop());
  const sink = await startSmtpSink();
  ctx.cleanup(() => sink.stop());
  const deployment = createDeployment({ label, databaseUrl: db.url, smtpUrl: sink.url });
  ctx.cleanup(() => deployment.shutdown());
  ctx.log(`database ${db.name}, mail sink ${sink.url}, server logs in ${deployment.logDir}`);
  return { db, sink, deployment };
}

/** Fast-forwards every process together, so their clocks stay within a request of each other. */
export async function advanceAll(processes: ServerProcess[], ms: number): Promise<void> {
  await Promise.all(processes.filter((p) => p.alive).map((p) => p.advanceClock(Math.round(ms))));
}

/** How far the clocks must move so every deadline lies `marginMs` in the past. */
export function untilAfter(deadlines: string[], offsetMs: number, marginMs = 30_000): number {
  const latest = Math.max(...deadlines.map((d) => Date.parse(d)));
  return Math.max(1, latest - (Date.now() + offsetMs) + marginMs);
}

export interface EngineState {
  finalRows: Record<string, number>;
  releaseDeliveries: Record<string, number>;
}

export async function engineState(db: ScratchDatabase): Promise<EngineState> {
  const finals = await rows<{ status: string; n: number }>(
    db.pool,
    "select status, count(*)::int n from reminder_schedule where reminder_type = 'final_delivery' group by status",
  );
  const deliveries = await rows<{ status: string; n: number }>(
    db.pool,
    "select status, count(*)::int n from deliveries where kind = 'release' group by status",
  );
  return {
    finalRows: Object.fromEntries(finals.map((r) => [r.status, r.n])),
    releaseDeliveries: Object.fromEntries(deliveries.map((r) => [r.status, r.n])),
  };
}

/** Waits until the sink has taken no new mail for `quietMs` (late duplicates would show up here). */
export async function settle(sink: Pick<SmtpSink, "mails">, quietMs: number, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let seen = sink.mails.length;
  let since = Date.now();
  while (Date.now() - since < quietMs) {
    if (Date.now() > deadline) throw new Error("the mail sink never went quiet");
    await new Promise((r) => setTimeout(r, 50));
    if (sink.mails.length !== seen) {
      seen = sink.mails.length;
      since = Date.now();
    }
  }
}

export const fmt = (n: number) => n.toLocaleString("en");

/**
 * A probe that throws (GiveUp) once the engine heartbeat has not moved for `staleMs` of real
 * time: a stalled engine (a send that never settles, a stuck tick) fails the drill with that
 * diagnosis instead of a bare time-out.
 */
export function heartbeatWatch(db: ScratchDatabase, staleMs: number): () => Promise<void> {
  let last: number | null = null;
  let since = Date.now();
  return async () => {
    const [beat] = await rows<{ at: Date | null }>(db.pool, "select max(last_beat_at) at from engine_heartbeat");
    const at = beat?.at?.getTime() ?? null;
    if (at !== last) {
      last = at;
      since = Date.now();
    } else if (Date.now() - since > staleMs) {
      throw new GiveUp(
        `the engine stopped ticking: its heartbeat has stayed at ${at === null ? "(none)" : new Date(at).toISOString()} for ${Math.round((Date.now() - since) / 1000)} s`,
      );
    }
  };
}

/**
 * Waits until every one of `messageCount` releases is committed and sent (its schedule row `sent`,
 * no release delivery pending) and every expected mail reached the sink, while watching that the
 * engine keeps ticking; then until the sink goes quiet, so late duplicates are counted too.
 */
export async function drainReleases({
  db,
  sink,
  messageCount,
  expected,
  timeoutMs,
}: {
  db: ScratchDatabase;
  sink: SmtpSink;
  messageCount: number;
  expected: Set<string>;
  timeoutMs: number;
}): Promise<void> {
  // A tick of a full batch (100 rows × 20 mails) can take a while on two busy cores.
  const ticking = heartbeatWatch(db, 240_000);
  await waitUntil(
    "every release row sent and every mail at the mail server",
    async () => {
      await ticking();
      const s = await engineState(db);
      return (
        s.finalRows.sent === messageCount &&
        !s.releaseDeliveries.pending &&
        countReleases(sink.mails, expected).lost === 0
      );
    },
    { timeoutMs, intervalMs: 500 },
  );
}
