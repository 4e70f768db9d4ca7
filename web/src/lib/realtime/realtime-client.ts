import {
  REALTIME_MAX_RECONNECTS,
  REALTIME_RECONNECT_DELAY_MS,
  realtimeReconnectDelayMs,
  realtimeServerMessageSchema,
  type RealtimeClientMessage,
  type RealtimeConditionUpdate,
  type RealtimeTableChanged,
} from "@trigger-switch/contracts";

/** The part of a browser WebSocket the client uses; tests hand in a fake. */
export interface RealtimeSocket {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: ((event: Event) => void) | null;
  onmessage: ((event: MessageEvent) => void) | null;
  onclose: ((event: CloseEvent) => void) | null;
  onerror: ((event: Event) => void) | null;
}

export type OpenSocket = (url: string) => RealtimeSocket;

/** connecting → subscribed; `offline` once the retries are used up (a new token, or `resume`, starts afresh). */
export type RealtimeStatus = "idle" | "connecting" | "subscribed" | "retrying" | "offline";

export interface RealtimeClientOptions {
  url: string;
  openSocket: OpenSocket;
  onUpdate: (update: RealtimeConditionUpdate) => void;
  /** Something of the user's changed in `table` (a request for access); the frame says nothing more, so refetch. */
  onChanged?: (table: RealtimeTableChanged["table"]) => void;
  onStatus?: (status: RealtimeStatus) => void;
  /** Subscribed again after the connection was lost: whatever changed meanwhile was never sent, so refetch. */
  onResubscribed?: () => void;
  /** Default: REALTIME_MAX_RECONNECTS (3, spec §9). */
  maxReconnects?: number;
  /** Between attempts; the first comes after a random part of it. Default: REALTIME_RECONNECT_DELAY_MS (5 s, spec §9). */
  reconnectDelayMs?: number;
  /** Uniform in [0, 1); tests pin the jitter with their own. Default: Math.random. */
  random?: () => number;
}

const OPEN = 1;

/**
 * One connection to /realtime for the signed-in user. `setToken(token)` connects, re-authenticates
 * an open socket when the token changes (TOKEN_REFRESHED) and `setToken(null)` closes (sign-out).
 * A channel error or a close the client did not ask for is retried at most `maxReconnects` times,
 * `reconnectDelayMs` apart, the first after a random part of it (realtimeReconnectDelayMs), so the
 * tabs a restart drops do not all come back at once; `subscribed` resets the count (spec §4, §9).
 * Updates missed while disconnected are not replayed: `onResubscribed` tells the page to refetch.
 * `resume()` starts a fresh set of attempts once they were used up (the tab shown again, the network back).
 */
export function createRealtimeClient(options: RealtimeClientOptions) {
  const {
    url,
    openSocket,
    onUpdate,
    onChanged,
    onStatus,
    onResubscribed,
    maxReconnects = REALTIME_MAX_RECONNECTS,
    reconnectDelayMs = REALTIME_RECONNECT_DELAY_MS,
    random = Math.random,
  } = options;
  let token: string | null = null;
  let socket: RealtimeSocket | null = null;
  let attempts = 0;
  // Whether this session was ever subscribed, and whether a connection was lost since: the next
  // `subscribed` then follows a gap in the updates.
  let wasSubscribed = false;
  let missedUpdates = false;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;

  const send = (message: RealtimeClientMessage) => socket?.readyState === OPEN && socket.send(JSON.stringify(message));

  function connect() {
    onStatus?.("connecting");
    const current = openSocket(url);
    socket = current;
    // Browsers cannot set headers on a WebSocket and URLs end up in logs: the token goes in the first frame.
    current.onopen = () => token && send({ type: "auth", access_token: token });
    current.onmessage = (event) => current === socket && receive(event.data);
    // Every failure ends in a close (an error event is followed by one), so retries start here only.
    current.onclose = () => current === socket && drop();
  }

  function receive(data: unknown) {
    let parsed;
    try {
      parsed = realtimeServerMessageSchema.safeParse(JSON.parse(String(data)));
    } catch {
      parsed = null;
    }
    if (!parsed?.success) {
      console.warn("Ignoring an unreadable realtime message");
      return;
    }
    const message = parsed.data;
    if (message.type === "subscribed") {
      attempts = 0;
      onStatus?.("subscribed");
      if (missedUpdates) onResubscribed?.();
      wasSubscribed = true;
      missedUpdates = false;
    } else if (message.type === "error") {
      console.warn("Realtime channel error:", message.message);
      drop();
    } else if (message.type === "UPDATE") {
      onUpdate(message);
    } else if (message.type === "CHANGED") {
      onChanged?.(message.table);
    }
  }

  /** Forget the socket (closing it if still open) and retry if allowed. */
  function drop() {
    if (wasSubscribed) missedUpdates = true;
    detach();
    if (!token || retryTimer !== undefined) return;
    if (attempts >= maxReconnects) {
      onStatus?.("offline");
      return;
    }
    attempts += 1;
    onStatus?.("retrying");
    retryTimer = setTimeout(
      () => {
        retryTimer = undefined;
        if (token) connect();
      },
      realtimeReconnectDelayMs(attempts, { spacingMs: reconnectDelayMs, random }),
    );
  }

  function detach() {
    const current = socket;
    socket = null;
    if (!current) return;
    current.onopen = current.onmessage = current.onclose = current.onerror = null;
    current.close(1000);
  }

  function stop() {
    clearTimeout(retryTimer);
    retryTimer = undefined;
    attempts = 0;
    wasSubscribed = missedUpdates = false;
    detach();
    onStatus?.("idle");
  }

  return {
    setToken(next: string | null) {
      const previous = token;
      token = next;
      if (!next) return stop();
      if (socket) {
        if (next !== previous) send({ type: "auth", access_token: next });
      } else if (retryTimer === undefined) {
        // First sign-in, or a fresh token after the retries gave up: start with a full set of retries.
        attempts = 0;
        connect();
      }
    },
    /** After the attempts were used up, tries again with a full set (nothing to do otherwise). */
    resume() {
      if (!token || socket || retryTimer !== undefined) return;
      attempts = 0;
      connect();
    },
    close: () => {
      token = null;
      stop();
    },
  };
}

export type RealtimeClient = ReturnType<typeof createRealtimeClient>;

/** ws:// or wss:// like the page, same origin (the dev server proxies /realtime). */
export function realtimeUrl(location: Pick<Location, "protocol" | "host"> = window.location): string {
  return `${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/realtime`;
}
