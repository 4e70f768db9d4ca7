import { REALTIME_CLOSE, type RealtimeConditionUpdate } from "@trigger-switch/contracts";
import type { WebSocket } from "ws";
import type { AuthService } from "../auth/auth-service.ts";
import type { Clock } from "../clock.ts";
import type { Database } from "../db/connect.ts";
import { checkClientSession } from "./check-client-session.ts";
import { handleRealtimeSocket } from "./handle-realtime-socket.ts";
import {
  conditionNotificationSchema,
  loadConditionUpdates,
  type ConditionNotification,
} from "./load-condition-update.ts";
import { createSocketRegistry, type SocketRegistry } from "./socket-registry.ts";
import { sweepSessions } from "./sweep-sessions.ts";

/** The channel migration 0004's trigger notifies on. */
export const CONDITIONS_CHANNEL = "message_conditions";

type Log = { warn(obj: object, msg: string): void; error(obj: object, msg: string): void };

export interface Realtime {
  registry: SocketRegistry;
  /** Takes over a freshly upgraded /realtime socket. */
  accept(socket: WebSocket): void;
  /** LISTENs (once per process) and starts the liveness sweep. */
  start(log: Log): Promise<void>;
  /** Unlistens, stops the sweep, waits for deliveries in flight and closes every socket (1001). */
  stop(): Promise<void>;
}

/** JSON.parse that answers undefined instead of throwing: one bad payload must not cost its batch. */
function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** At most this many notifications are read together (one query); more wait for the next batch. */
const BATCH = 1000;

/**
 * Realtime fan-out (docs/decisions/006). Each process LISTENs once and relays notifications in
 * batches: those that arrived while the last batch was being sent go together, with one query for
 * all their conditions, and each client's session is re-checked once per batch before its frames go
 * out. Batches go one after another and frames keep the notifications' order, so a client sees a
 * condition's updates in commit order. Handling them one at a time (two queries each) fell behind
 * a few hundred check-ins a second, and the queue grew without bound.
 */
export function createRealtime({
  database,
  auth,
  clock,
  livenessIntervalMs = 60_000,
}: {
  database: Database;
  auth: AuthService;
  clock: Clock;
  /** How often every socket's session is re-checked even without traffic, spread over the interval (default 60 s). */
  livenessIntervalMs?: number;
}): Realtime {
  const registry = createSocketRegistry();
  let log: Log = { warn() {}, error() {} };
  let unlisten: (() => Promise<void>) | null = null;
  let sweep: AbortController | null = null;
  let pending: string[] = [];
  let draining: Promise<void> | null = null;

  const deliver = async (payloads: string[]) => {
    // Most notifications concern users with no open tab here: answer them without a query.
    if (registry.size === 0) return;
    const notifications: ConditionNotification[] = [];
    for (const payload of payloads) {
      const parsed = conditionNotificationSchema.safeParse(parseJson(payload));
      if (parsed.success) notifications.push(parsed.data);
      else log.error({ payload }, "realtime: unreadable notification");
    }
    const updates = await loadConditionUpdates({
      db: database.db,
      clock,
      notifications,
      wanted: (userId) => registry.forUser(userId).length > 0,
    });
    const byUser = new Map<string, RealtimeConditionUpdate[]>();
    for (const { userId, update } of updates) byUser.set(userId, [...(byUser.get(userId) ?? []), update]);
    await Promise.all(
      [...byUser].flatMap(([userId, frames]) =>
        registry.forUser(userId).map(async (client) => {
          if (await checkClientSession({ auth, registry, client, log })) for (const frame of frames) client.send(frame);
        }),
      ),
    );
  };
  const drain = async () => {
    while (pending.length > 0) {
      const batch = pending.slice(0, BATCH);
      pending = pending.slice(BATCH);
      await deliver(batch).catch((err: unknown) => log.error({ err }, "realtime: delivery failed"));
    }
    // In the same step as the last look at `pending`: a notification arriving next starts a new drain.
    draining = null;
  };

  return {
    registry,
    accept: (socket) => handleRealtimeSocket({ socket, auth, registry, log }),
    async start(appLog) {
      log = appLog;
      unlisten = await database.listen(
        CONDITIONS_CHANNEL,
        (payload) => {
          pending.push(payload);
          draining ??= drain();
        },
        // Updates were lost while the feed was down: every client reconnects (jittered) and refetches.
        () => {
          log.warn({ sockets: registry.size }, "realtime: the database feed resumed; closing sockets to refetch");
          for (const client of registry.all()) client.close(REALTIME_CLOSE.missedUpdates, "updates missed");
        },
      );
      sweep = new AbortController();
      void sweepSessions({
        items: () => registry.all(),
        check: (client) => checkClientSession({ auth, registry, client, log }),
        intervalMs: livenessIntervalMs,
        signal: sweep.signal,
      }).catch((err: unknown) => log.error({ err }, "realtime: the session sweep stopped"));
    },
    async stop() {
      sweep?.abort();
      sweep = null;
      await unlisten?.();
      unlisten = null;
      await draining;
      for (const client of registry.all()) client.close(1001, "server shutting down");
    },
  };
}
