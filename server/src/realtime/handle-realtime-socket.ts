import {
  REALTIME_AUTH_TIMEOUT_MS,
  REALTIME_CHANNEL,
  REALTIME_CLOSE,
  REALTIME_MESSAGE_BURST,
  REALTIME_MESSAGES_PER_SECOND,
  realtimeClientMessageSchema,
} from "@trigger-switch/contracts";
import type { WebSocket } from "ws";
import type { AuthService } from "../auth/auth-service.ts";
import { AppError } from "../errors.ts";
import { createMessageBudget } from "./message-budget.ts";
import { toRealtimeClient } from "./realtime-client.ts";
import type { SocketRegistry } from "./socket-registry.ts";

const NOT_UNDERSTOOD = 'Messages must be JSON: { "type": "auth", "access_token": "…" } or { "type": "ping" }.';
export const TOO_MANY_MESSAGES = "Too many messages: slow down or the connection will be closed.";

/**
 * Runs one /realtime connection: the first `auth` within 10 s subscribes it; a later `auth`
 * (token refresh) re-verifies; `ping` answers `pong`. A bad token or a token of another user
 * closes with 4401; anything unreadable gets an `error` and the socket stays open.
 * Messages are handled one at a time so a refresh cannot race the first auth.
 * Frames beyond the budget (REALTIME_MESSAGES_PER_SECOND, REALTIME_MESSAGE_BURST) are dropped unread:
 * the first of a run gets an `error`, and a run as long as another burst closes with 4429.
 */
export function handleRealtimeSocket({
  socket,
  auth,
  registry,
  log,
  authTimeoutMs = REALTIME_AUTH_TIMEOUT_MS,
  maxBufferedBytes,
}: {
  socket: WebSocket;
  auth: AuthService;
  registry: SocketRegistry;
  log: { warn(obj: object, msg: string): void };
  /** Default 10 s (contracts' REALTIME_AUTH_TIMEOUT_MS). */
  authTimeoutMs?: number;
  /** Default REALTIME_MAX_BUFFERED_BYTES (1 MiB). */
  maxBufferedBytes?: number;
}): void {
  const client = toRealtimeClient(socket, { maxBufferedBytes });
  const budget = createMessageBudget({ perSecond: REALTIME_MESSAGES_PER_SECOND, burst: REALTIME_MESSAGE_BURST });
  let refusedInARow = 0;
  const timer = setTimeout(() => {
    if (client.user) return;
    client.send({ type: "error", message: "No auth message received in time." });
    client.close(REALTIME_CLOSE.authTimeout, "auth timeout");
  }, authTimeoutMs);
  let queue = Promise.resolve();

  const reject = (message: string) => {
    registry.remove(client);
    client.user = null;
    client.send({ type: "error", message });
    client.close(REALTIME_CLOSE.unauthorized, "unauthorized");
  };

  const handle = async (data: WebSocket.RawData, isBinary: boolean) => {
    if (!client.open) return;
    let parsed: unknown;
    try {
      parsed = isBinary ? undefined : JSON.parse(data.toString());
    } catch {
      parsed = undefined;
    }
    const message = realtimeClientMessageSchema.safeParse(parsed);
    if (!message.success) return client.send({ type: "error", message: NOT_UNDERSTOOD });
    if (message.data.type === "ping") return client.send({ type: "pong" });

    let user;
    try {
      user = await auth.authenticate(`Bearer ${message.data.access_token}`);
    } catch (err) {
      if (!(err instanceof AppError)) log.warn({ err }, "realtime: auth failed unexpectedly");
      return reject(
        err instanceof AppError && err.code === "unauthorized" ? err.message : "Could not verify the access token.",
      );
    }
    // A socket stays with the user who opened it; a different account must open its own.
    if (client.user && client.user.id !== user.id) return reject("This connection belongs to another user.");
    if (!client.open) return;
    client.user = user;
    client.token = message.data.access_token;
    clearTimeout(timer);
    registry.add(user.id, client);
    client.send({ type: "subscribed", channel: REALTIME_CHANNEL });
  };

  socket.on("message", (data, isBinary) => {
    // Checked before queueing: a flood must cost neither parsing nor a growing queue.
    if (!budget.take()) {
      refusedInARow += 1;
      if (refusedInARow === 1) client.send({ type: "error", message: TOO_MANY_MESSAGES });
      else if (refusedInARow > REALTIME_MESSAGE_BURST)
        client.close(REALTIME_CLOSE.tooManyMessages, "too many messages");
      return;
    }
    refusedInARow = 0;
    queue = queue
      .then(() => handle(data, isBinary))
      .catch((err: unknown) => log.warn({ err }, "realtime: message handling failed"));
  });
  socket.on("close", () => {
    clearTimeout(timer);
    registry.remove(client);
  });
  socket.on("error", (err) => log.warn({ err }, "realtime: socket error"));
}
