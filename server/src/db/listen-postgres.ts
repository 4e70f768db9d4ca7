import pg from "pg";

/** Waits between reconnection attempts of the LISTEN connection: 1 s, doubling, at most 30 s. */
const RETRY_MIN_MS = 1000;
const RETRY_MAX_MS = 30_000;

/**
 * LISTENs on each of `channels` over one dedicated connection (a pooled one would be handed to
 * other queries and lose the subscription), handing each payload on with its channel: the
 * triggers of migrations 0025 and 0030 NOTIFY where the server does not decode its WAL. A
 * dropped connection (server restart, failover) is reopened with backoff, and `onResumed` called
 * once listening again: notifications sent while it was down were lost.
 * Returns the function that stops listening and closes the connection.
 */
export async function listenPostgres({
  url,
  channels,
  onPayload,
  onResumed = () => {},
  log = console,
}: {
  url: string;
  channels: readonly string[];
  onPayload: (payload: string, channel: string) => void;
  onResumed?: () => void;
  log?: Pick<Console, "error">;
}): Promise<() => Promise<void>> {
  const name = channels.join(", ");
  let client: pg.Client | null = null;
  let stopped = false;
  let retryMs = RETRY_MIN_MS;
  let retryTimer: NodeJS.Timeout | null = null;

  const open = async (): Promise<void> => {
    const c = new pg.Client({ connectionString: url });
    c.on("notification", (n) => {
      if (channels.includes(n.channel) && n.payload !== undefined) onPayload(n.payload, n.channel);
    });
    // Both fire on a lost connection; only the current client may schedule a reconnect.
    const lost = (err?: Error) => {
      if (stopped || client !== c) return;
      client = null;
      log.error(`LISTEN ${name}: connection lost (${err?.message ?? "closed"}); reconnecting in ${retryMs} ms`);
      c.end().catch(() => {});
      scheduleReconnect();
    };
    c.on("error", lost);
    c.on("end", () => lost());
    client = c;
    await c.connect();
    for (const channel of channels) await c.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    retryMs = RETRY_MIN_MS;
  };

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
          client = null;
          log.error(`LISTEN ${name}: reconnect failed (${err.message}); next try in ${retryMs} ms`);
          scheduleReconnect();
        },
      );
      retryMs = Math.min(retryMs * 2, RETRY_MAX_MS);
    }, retryMs);
    retryTimer.unref();
  };

  // The first connection must work: a process that cannot LISTEN should not start.
  await open();

  return async () => {
    stopped = true;
    if (retryTimer) clearTimeout(retryTimer);
    const c = client;
    client = null;
    if (c) await c.end().catch(() => {});
  };
}
