import { randomUUID } from "node:crypto";
import type pg from "pg";
import { LogicalReplicationService, PgoutputPlugin, type Pgoutput } from "pg-logical-replication";

/** Waits between reconnection attempts of the replication connection: 1 s, doubling, at most 30 s. */
const RETRY_MIN_MS = 1000;
const RETRY_MAX_MS = 30_000;

/** Migration 0025's empty publication: pgoutput streams only for named ones. */
const PUBLICATION = "trigger_switch_realtime";

/**
 * pgoutput on a slot of this connection's own: a TEMPORARY slot lives exactly as long as the
 * replication connection, so a process that dies or loses its connection leaves no slot behind
 * holding WAL on the server.
 */
class TemporarySlotPgoutput extends PgoutputPlugin {
  override async start(client: pg.Client, slotName: string, lastLsn: string): Promise<unknown> {
    await client.query(`CREATE_REPLICATION_SLOT "${slotName}" TEMPORARY LOGICAL pgoutput`);
    return super.start(client, slotName, lastLsn);
  }
}

/**
 * Relays the logical messages written under `prefix` (migration 0025's trigger) to `onPayload`,
 * in commit order, each once its transaction committed; a rolled-back transaction's messages are
 * never decoded (docs/decisions/042). One replication connection per process, on a temporary
 * slot created at the moment it connects: what committed before that is not replayed. A lost
 * connection is reopened with backoff and `onResumed` is called once it streams again, since
 * anything committed in between was missed. Returns the function that stops and closes it.
 */
export async function relayWalMessages({
  url,
  prefix,
  onPayload,
  onResumed = () => {},
  log = console,
}: {
  url: string;
  prefix: string;
  onPayload: (payload: string) => void;
  onResumed?: () => void;
  log?: Pick<Console, "error">;
}): Promise<() => Promise<void>> {
  let stopped = false;
  let retryMs = RETRY_MIN_MS;
  let retryTimer: NodeJS.Timeout | null = null;
  let service: LogicalReplicationService | null = null;
  const decoder = new TextDecoder();

  /** Resolves once streaming; rejects if it could not start. A later loss reconnects by itself. */
  const open = (): Promise<void> =>
    new Promise<void>((resolve, reject) => {
      // Acknowledged once a second (not per message): the slot lets go of WAL we have read.
      const s = new LogicalReplicationService(
        { connectionString: url },
        { acknowledge: { auto: false, timeoutSeconds: 1 } },
      );
      service = s;
      let streaming = false;
      s.on("data", (_lsn: string, message: Pgoutput.Message) => {
        if (message.tag === "message" && message.prefix === prefix) onPayload(decoder.decode(message.content));
      });
      s.once("start", () => {
        streaming = true;
        retryMs = RETRY_MIN_MS;
        resolve();
      });
      const lost = (err: unknown) => {
        if (stopped || service !== s) return;
        service = null;
        void s.destroy().catch(() => {});
        const reason = err instanceof Error ? err.message : String(err);
        if (!streaming) return reject(err instanceof Error ? err : new Error(reason));
        log.error(`relay of ${prefix}: replication connection lost (${reason}); reconnecting in ${retryMs} ms`);
        scheduleReconnect();
      };
      s.on("error", lost);
      const slot = `ts_realtime_${randomUUID().replaceAll("-", "")}`;
      s.subscribe(new TemporarySlotPgoutput({ protoVersion: 1, publicationNames: [PUBLICATION], messages: true }), slot)
        // The stream ends only when the connection does.
        .then(() => lost(new Error("replication stream ended")), lost);
    });

  const scheduleReconnect = () => {
    retryTimer = setTimeout(() => {
      retryTimer = null;
      if (stopped) return;
      open().then(
        () => {
          if (!stopped) onResumed();
        },
        (err: Error) => {
          if (stopped) return;
          log.error(`relay of ${prefix}: reconnect failed (${err.message}); next try in ${retryMs} ms`);
          scheduleReconnect();
        },
      );
      retryMs = Math.min(retryMs * 2, RETRY_MAX_MS);
    }, retryMs);
    retryTimer.unref();
  };

  // The first connection must work: a process that cannot relay live updates should not start.
  await open().catch((err: unknown) => {
    throw new Error(whyNoRelay(err), { cause: err });
  });

  return async () => {
    stopped = true;
    if (retryTimer) clearTimeout(retryTimer);
    const s = service;
    service = null;
    await s?.destroy().catch(() => {});
  };
}

/** A failed first connection, said so an operator knows what to change. */
function whyNoRelay(err: unknown): string {
  const code = (err as { code?: string } | null)?.code;
  const detail = err instanceof Error ? err.message : String(err);
  const fix =
    code === "42501"
      ? "This database user may not: grant it replication (ALTER ROLE <user> WITH REPLICATION), or set wal_level = replica on the server to have live updates use NOTIFY."
      : code === "53400"
        ? "The server has no free replication slot or WAL sender: raise max_replication_slots and max_wal_senders (one per Trigger Switch process, plus your replicas)."
        : "Check that this user may open a replication connection (pg_hba.conf, the REPLICATION attribute).";
  return `Live updates read the server's WAL (wal_level is logical), and the replication connection failed: ${detail}. ${fix}`;
}
