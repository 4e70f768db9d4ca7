import type { WebSocket } from "ws";
import type { AuthService } from "../auth/auth-service.ts";
import type { Clock } from "../clock.ts";
import type { Database } from "../db/connect.ts";
import { checkClientSession } from "./check-client-session.ts";
import { handleRealtimeSocket } from "./handle-realtime-socket.ts";
import { conditionNotificationSchema, findNotificationOwner, loadConditionUpdate } from "./load-condition-update.ts";
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

/**
 * Realtime fan-out (docs/decisions/006). Each process LISTENs once; for every notification whose
 * owner has sockets here, it loads the condition and sends it to those sockets after re-checking
 * each one's session. Notifications are handled in arrival order, one at a time, so a client sees
 * a condition's updates in commit order.
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
  let queue = Promise.resolve();

  const deliver = async (payload: string) => {
    // Most notifications concern users with no open tab here: answer them without a query.
    if (registry.size === 0) return;
    const parsed = conditionNotificationSchema.safeParse(JSON.parse(payload));
    if (!parsed.success) return log.error({ payload }, "realtime: unreadable notification");
    const notification = parsed.data;
    const userId = await findNotificationOwner({ db: database.db, notification });
    if (!userId || registry.forUser(userId).length === 0) return;
    const update = await loadConditionUpdate({ db: database.db, clock, notification, userId });
    if (!update) return;
    await Promise.all(
      registry.forUser(userId).map(async (client) => {
        if (await checkClientSession({ auth, registry, client, log })) client.send(update);
      }),
    );
  };

  return {
    registry,
    accept: (socket) => handleRealtimeSocket({ socket, auth, registry, log }),
    async start(appLog) {
      log = appLog;
      unlisten = await database.listen(CONDITIONS_CHANNEL, (payload) => {
        queue = queue
          .then(() => deliver(payload))
          .catch((err: unknown) => log.error({ err }, "realtime: delivery failed"));
      });
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
      await queue;
      for (const client of registry.all()) client.close(1001, "server shutting down");
    },
  };
}
