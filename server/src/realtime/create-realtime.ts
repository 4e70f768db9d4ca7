import { REALTIME_CLOSE, type RealtimeServerMessage } from "@trigger-switch/contracts";
import type { WebSocket } from "ws";
import type { AuthService } from "../auth/auth-service.ts";
import type { Clock } from "../clock.ts";
import type { Database } from "../db/connect.ts";
import {
  ACCESS_REQUESTS_CHANNEL,
  accessRequestChanges,
  accessRequestNotificationSchema,
  type AccessRequestNotification,
} from "./access-request-changes.ts";
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

/** What one process relays, over one feed: conditions (0004/0025) and requests for access (0030). */
const CHANNELS = [CONDITIONS_CHANNEL, ACCESS_REQUESTS_CHANNEL] as const;

/** One announcement as it arrived, with the channel it came on. */
interface Announcement {
  channel: string;
  payload: string;
}

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
 * a few hundred check-ins a second, and the queue grew without bound. A batch's changes to an
 * owner's requests for access add one content-free CHANGED frame for that owner, after their UPDATEs.
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
  let pending: Announcement[] = [];
  let draining: Promise<void> | null = null;

  const deliver = async (announcements: Announcement[]) => {
    // Most notifications concern users with no open tab here: answer them without a query.
    if (registry.size === 0) return;
    const notifications: ConditionNotification[] = [];
    const accessRequests: AccessRequestNotification[] = [];
    for (const { channel, payload } of announcements) {
      const json = parseJson(payload);
      if (channel === ACCESS_REQUESTS_CHANNEL) {
        const parsed = accessRequestNotificationSchema.safeParse(json);
        if (parsed.success) accessRequests.push(parsed.data);
        else log.error({ channel, payload }, "realtime: unreadable notification");
      } else {
        const parsed = conditionNotificationSchema.safeParse(json);
        if (parsed.success) notifications.push(parsed.data);
        else log.error({ channel, payload }, "realtime: unreadable notification");
      }
    }
    const wanted = (userId: string) => registry.forUser(userId).length > 0;
    const updates = [
      ...(await loadConditionUpdates({ db: database.db, clock, notifications, wanted })),
      ...accessRequestChanges({ notifications: accessRequests, wanted }),
    ];
    const byUser = new Map<string, RealtimeServerMessage[]>();
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
        CHANNELS,
        (payload, channel) => {
          pending.push({ channel, payload });
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
