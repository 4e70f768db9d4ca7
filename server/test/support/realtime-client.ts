import { realtimeServerMessageSchema, type RealtimeServerMessage } from "@trigger-switch/contracts";
import WebSocket from "ws";
import type { TestApp } from "./test-app.ts";

export interface TestSocket {
  socket: WebSocket;
  send(message: unknown): void;
  /** The next frame from the server (parsed with the shared schema), or a timeout error. */
  next(timeoutMs?: number): Promise<RealtimeServerMessage>;
  /** Resolves true if no frame arrives within `ms`. */
  silentFor(ms: number): Promise<boolean>;
  /** The close code, once the server closed the socket. */
  closed: Promise<number>;
  close(): void;
}

/** A real WebSocket client (the `ws` package; Node 20 has no global WebSocket) on the test server. */
export async function openSocket(t: TestApp): Promise<TestSocket> {
  const socket = new WebSocket(`${t.url.replace(/^http/, "ws")}/realtime`);
  const inbox: RealtimeServerMessage[] = [];
  const waiters: ((m: RealtimeServerMessage) => void)[] = [];
  socket.on("message", (data) => {
    const message = realtimeServerMessageSchema.parse(JSON.parse(data.toString()));
    const waiter = waiters.shift();
    if (waiter) waiter(message);
    else inbox.push(message);
  });
  const closed = new Promise<number>((resolve) => socket.on("close", (code) => resolve(code)));
  await new Promise<void>((resolve, reject) => {
    socket.once("open", () => resolve());
    socket.once("error", reject);
  });
  const next = (timeoutMs = 5000) =>
    new Promise<RealtimeServerMessage>((resolve, reject) => {
      const queued = inbox.shift();
      if (queued) return resolve(queued);
      const timer = setTimeout(() => {
        waiters.splice(waiters.indexOf(done), 1);
        reject(new Error(`no realtime message within ${timeoutMs} ms`));
      }, timeoutMs);
      const done = (m: RealtimeServerMessage) => {
        clearTimeout(timer);
        resolve(m);
      };
      waiters.push(done);
    });
  return {
    socket,
    send: (message) => socket.send(typeof message === "string" ? message : JSON.stringify(message)),
    next,
    silentFor: (ms) =>
      next(ms).then(
        () => false,
        () => true,
      ),
    closed,
    close: () => socket.close(),
  };
}

/** Opens a socket and subscribes it with the user's access token. */
export async function subscribe(t: TestApp, accessToken: string): Promise<TestSocket> {
  const s = await openSocket(t);
  s.send({ type: "auth", access_token: accessToken });
  const answer = await s.next();
  if (answer.type !== "subscribed") throw new Error(`expected subscribed, got ${JSON.stringify(answer)}`);
  return s;
}
