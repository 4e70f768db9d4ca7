import {
  REALTIME_CLOSE,
  REALTIME_MAX_BUFFERED_BYTES,
  realtimeServerMessageSchema,
  type RealtimeServerMessage,
} from "@trigger-switch/contracts";
import type { WebSocket } from "ws";
import type { AuthUser } from "../http/authenticate.ts";

/** One open /realtime socket and who it was proven to belong to. */
export interface RealtimeClient {
  /** Null until the first `auth` succeeded. */
  user: AuthUser | null;
  /** The latest access token the client sent; re-checked for liveness (docs/decisions/006). */
  token: string | null;
  send(message: RealtimeServerMessage): void;
  close(code: number, reason: string): void;
  readonly open: boolean;
}

/**
 * Wraps a ws socket so everything sent is checked against the shared protocol schema first, and a
 * client that stops reading is closed (1013) rather than buffered for: one stuck tab must not hold
 * the process's memory.
 */
export function toRealtimeClient(
  socket: WebSocket,
  { maxBufferedBytes = REALTIME_MAX_BUFFERED_BYTES }: { maxBufferedBytes?: number } = {},
): RealtimeClient {
  return {
    user: null,
    token: null,
    send(message) {
      if (socket.readyState !== socket.OPEN) return;
      if (socket.bufferedAmount > maxBufferedBytes) {
        // Once closing, ws sends nothing more and destroys the connection if the close is not answered.
        socket.close(REALTIME_CLOSE.slowConsumer, "not reading");
        return;
      }
      socket.send(JSON.stringify(realtimeServerMessageSchema.parse(message)));
    },
    close(code, reason) {
      if (socket.readyState === socket.OPEN || socket.readyState === socket.CONNECTING) socket.close(code, reason);
    },
    get open() {
      return socket.readyState === socket.OPEN;
    },
  };
}
