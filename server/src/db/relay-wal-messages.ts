import { randomUUID } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
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

/** A committed transaction's messages, held until other sessions can see its writes. */
interface Held {
  /** Null for a message written outside a transaction. */
  xid: number | null;
  messages: { prefix: string; payload: string }[];
}

/**
 * Which of these 32-bit transaction ids a new snapshot sees as committed, in their order. The
 * WAL's commit record reaches us before the committing backend leaves the server's list of
 * running transactions, so for a moment a query elsewhere still reads the rows as they were.
 * pgoutput gives the 32-bit id; its epoch is the snapshot's (or the one before, once ids wrapped).
 */
async function visibleInSnapshot(pool: pg.Pool, xids: (number | null)[]): Promise<boolean[]> {
  const { rows } = await pool.query<{ visible: boolean | null }>(
    `select pg_visible_in_snapshot(
       (((pg_snapshot_xmax(s)::text::bigint >> 32) - (x >= (pg_snapshot_xmax(s)::text::bigint & 4294967295))::int) << 32 | x)::text::xid8,
       s) as visible
     from pg_current_snapshot() s, unnest($1::bigint[]) with ordinality as u(x, i)
     order by i`,
    [xids],
  );
  return rows.map((r) => r.visible !== false);
}

/** The longest pause between two looks at a transaction that committed but is not visible yet. */
const VISIBLE_POLL_MAX_MS = 100;

/**
 * Relays the logical messages written under any of `prefixes` (the triggers of migrations 0025
 * and 0030) to `onPayload` with their prefix, in commit order across all of them, each once its
 * transaction committed and other sessions see its writes (a query on `pool` then reads what the
 * message announces); a rolled-back transaction's messages are never decoded (docs/decisions/042).
 * One replication connection per process, whatever the number of prefixes, on a temporary slot
 * created at the moment it connects: what committed before that is not replayed. A lost
 * connection is reopened with backoff and `onResumed` is called once it streams again, since
 * anything committed in between was missed. Returns the function that stops and closes it.
 */
export async function relayWalMessages({
  url,
  pool,
  prefixes,
  onPayload,
  onResumed = () => {},
  log = console,
}: {
  url: string;
  /** Where the visibility of each transaction is checked before its messages go out. */
  pool: pg.Pool;
  prefixes: readonly string[];
  onPayload: (payload: string, prefix: string) => void;
  onResumed?: () => void;
  log?: Pick<Console, "error">;
}): Promise<() => Promise<void>> {
  let stopped = false;
  let retryMs = RETRY_MIN_MS;
  let retryTimer: NodeJS.Timeout | null = null;
  let service: LogicalReplicationService | null = null;
  const decoder = new TextDecoder();
  const relayed = new Set(prefixes);
  const name = prefixes.join(", ");
  const held: Held[] = [];
  let releasing: Promise<void> | null = null;

  /** Hands held messages on in commit order, each transaction once visible; later ones wait behind it. */
  const release = async () => {
    let pollMs = 1;
    while (held.length > 0 && !stopped) {
      const batch = held.slice(0, 1000);
      let visible: boolean[];
      try {
        visible = await visibleInSnapshot(
          pool,
          batch.map((h) => h.xid),
        );
      } catch (err) {
        log.error(`relay of ${name}: could not check what has committed (${(err as Error).message}); retrying`);
        await sleep(1000);
        continue;
      }
      const notYet = visible.indexOf(false);
      const ready = notYet === -1 ? batch.length : notYet;
      for (const h of held.splice(0, ready)) for (const m of h.messages) onPayload(m.payload, m.prefix);
      if (ready < batch.length) {
        await sleep(pollMs);
        pollMs = Math.min(pollMs * 2, VISIBLE_POLL_MAX_MS);
      } else pollMs = 1;
    }
    releasing = null;
  };
  const hold = (h: Held) => {
    held.push(h);
    releasing ??= release();
  };

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
      // The transaction being decoded; a connection lost halfway through one drops it undelivered.
      let current: Held | null = null;
      s.on("data", (_lsn: string, message: Pgoutput.Message) => {
        if (message.tag === "begin") current = { xid: message.xid, messages: [] };
        else if (message.tag === "message" && relayed.has(message.prefix)) {
          const m = { prefix: message.prefix, payload: decoder.decode(message.content) };
          if (message.transactional && current) current.messages.push(m);
          else hold({ xid: null, messages: [m] });
        } else if (message.tag === "commit") {
          if (current && current.messages.length > 0) hold(current);
          current = null;
        }
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
        log.error(`relay of ${name}: replication connection lost (${reason}); reconnecting in ${retryMs} ms`);
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
          log.error(`relay of ${name}: reconnect failed (${err.message}); next try in ${retryMs} ms`);
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
    await releasing;
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
