import { realtimeServerMessageSchema, type RealtimeServerMessage } from "@trigger-switch/contracts";
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

/** Wraps a ws socket so everything sent is checked against the shared protocol schema first. */
export function toRealtimeClient(socket: WebSocket): RealtimeClient {
  return {
    user: null,
    token: null,
    send(message) {
      if (socket.readyState !== socket.OPEN) return;
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
