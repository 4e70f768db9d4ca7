import type { AddressInfo } from "node:net";
import {
  REALTIME_CLOSE,
  REALTIME_MAX_FRAME_BYTES,
  REALTIME_MESSAGE_BURST,
  type RealtimeServerMessage,
} from "@trigger-switch/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket, { WebSocketServer } from "ws";
import type { AuthService } from "../../src/auth/auth-service.ts";
import { handleRealtimeSocket, TOO_MANY_MESSAGES } from "../../src/realtime/handle-realtime-socket.ts";
import { createMessageBudget } from "../../src/realtime/message-budget.ts";
import { createSocketRegistry } from "../../src/realtime/socket-registry.ts";
import { appWithOwner } from "../support/fixtures.ts";
import { openSocket, subscribe } from "../support/realtime-client.ts";
import type { TestApp } from "../support/test-app.ts";
import type { SignedInUser } from "../support/users.ts";

/** Every frame until the server closes the socket, and the close code. */
async function framesUntilClosed(socket: WebSocket): Promise<{ frames: RealtimeServerMessage[]; code: number }> {
  const frames: RealtimeServerMessage[] = [];
  socket.on("message", (data) => frames.push(JSON.parse(data.toString()) as RealtimeServerMessage));
  const code = await new Promise<number>((resolve) => socket.on("close", (c) => resolve(c)));
  return { frames, code };
}

describe("a socket that abuses the real app", () => {
  let t: TestApp;
  let owner: SignedInUser;
  beforeAll(async () => {
    ({ t, owner } = await appWithOwner({ JWT_EXPIRY: "86400" }));
  });
  afterAll(() => t.close());

  it("is closed with 1009 when one frame is larger than REALTIME_MAX_FRAME_BYTES", async () => {
    const s = await openSocket(t);
    s.send(JSON.stringify({ type: "ping", pad: "x".repeat(REALTIME_MAX_FRAME_BYTES) }));
    expect(await s.closed).toBe(1009);
  });

  it("answers a flood with one error, then closes with 4429 while it goes on", async () => {
    const s = await subscribe(t, owner.accessToken);
    const until = framesUntilClosed(s.socket);
    for (let i = 0; i < 200; i += 1) s.send({ type: "ping" });
    const { frames, code } = await until;
    expect(code).toBe(REALTIME_CLOSE.tooManyMessages);
    // The burst is answered (the socket's auth already used one token), everything past it is not.
    expect(frames.filter((f) => f.type === "pong").length).toBeLessThanOrEqual(REALTIME_MESSAGE_BURST);
    expect(frames.filter((f) => f.type === "error")).toEqual([{ type: "error", message: TOO_MANY_MESSAGES }]);
  });

  it("keeps a socket that stays within the budget", async () => {
    const s = await subscribe(t, owner.accessToken);
    for (let i = 0; i < REALTIME_MESSAGE_BURST - 1; i += 1) s.send({ type: "ping" });
    for (let i = 0; i < REALTIME_MESSAGE_BURST - 1; i += 1) expect(await s.next()).toEqual({ type: "pong" });
    await new Promise((r) => setTimeout(r, 400));
    s.send({ type: "ping" });
    expect(await s.next()).toEqual({ type: "pong" });
    s.close();
  });
});

describe("the message budget", () => {
  it("allows a burst, then the rate per second", () => {
    let now = 0;
    const budget = createMessageBudget({ perSecond: 5, burst: 10, now: () => now });
    expect(Array.from({ length: 11 }, () => budget.take())).toEqual([...Array<boolean>(10).fill(true), false]);
    now += 199;
    expect(budget.take()).toBe(false);
    now += 1;
    expect(budget.take()).toBe(true);
    now += 60_000;
    expect(Array.from({ length: 11 }, () => budget.take()).filter(Boolean)).toHaveLength(10);
  });
});

// A bare WebSocket server running the real connection handler with a small send-buffer limit (the
// product's is 1 MiB), so a client that stops reading fills it within a few megabytes of kernel buffers.
describe("a socket that stops reading", () => {
  const limit = 64 * 1024;
  let server: WebSocketServer;
  const registry = createSocketRegistry();
  const user = {
    id: "u1",
    email: "u1@example.com",
    role: "authenticated",
    sessionId: "s1",
    aal: "aal1",
    isAdmin: false,
  };
  const auth = { authenticate: () => Promise.resolve(user) } as unknown as AuthService;

  beforeAll(async () => {
    server = new WebSocketServer({ host: "127.0.0.1", port: 0 });
    await new Promise<void>((resolve) => server.once("listening", () => resolve()));
    server.on("connection", (socket) =>
      handleRealtimeSocket({ socket, auth, registry, log: { warn() {} }, maxBufferedBytes: limit }),
    );
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("is closed with 1013 once its unsent data passes the limit, and nothing more is queued for it", async () => {
    const socket = new WebSocket(`ws://127.0.0.1:${(server.address() as AddressInfo).port}`);
    await new Promise((resolve) => socket.once("open", resolve));
    socket.send(JSON.stringify({ type: "auth", access_token: "t" }));
    await new Promise((resolve) => socket.once("message", resolve));
    socket.pause();
    const [client] = registry.forUser(user.id);
    const [serverSocket] = [...server.clients];
    const frame = { type: "error" as const, message: "x".repeat(32 * 1024) };
    let sends = 0;
    let mostBuffered = 0;
    // Without the limit this would queue 64 MiB; with it the socket closes after the kernel's buffers and 64 KiB.
    while (client!.open && sends < 2000) {
      client!.send(frame);
      sends += 1;
      mostBuffered = Math.max(mostBuffered, serverSocket!.bufferedAmount);
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect(client!.open).toBe(false);
    expect(sends).toBeLessThan(2000);
    expect(mostBuffered).toBeLessThanOrEqual(limit + 33 * 1024);
    client!.send(frame);
    expect(serverSocket!.bufferedAmount).toBeLessThanOrEqual(limit + 34 * 1024);
    const closed = new Promise<number>((resolve) => socket.on("close", (code) => resolve(code)));
    socket.resume();
    expect(await closed).toBe(REALTIME_CLOSE.slowConsumer);
  });
});
