import type { AddressInfo } from "node:net";
import { REALTIME_CLOSE } from "@trigger-switch/contracts";
import { afterAll, beforeAll, expect, it } from "vitest";
import WebSocket, { WebSocketServer } from "ws";
import type { AuthService } from "../../src/auth/auth-service.ts";
import { handleRealtimeSocket } from "../../src/realtime/handle-realtime-socket.ts";
import { createSocketRegistry } from "../../src/realtime/socket-registry.ts";

// A bare WebSocket server running the real connection handler with a short auth timeout
// (the product's is 10 s): a socket that never authenticates must not be kept open.
let server: WebSocketServer;
const noAuth = { authenticate: () => Promise.reject(new Error("not expected")) } as unknown as AuthService;

beforeAll(async () => {
  server = new WebSocketServer({ host: "127.0.0.1", port: 0 });
  await new Promise<void>((resolve) => server.once("listening", () => resolve()));
  server.on("connection", (socket) =>
    handleRealtimeSocket({
      socket,
      auth: noAuth,
      registry: createSocketRegistry(),
      log: { warn() {} },
      authTimeoutMs: 100,
    }),
  );
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

it("closes a socket that sends no auth message in time, saying why", async () => {
  const socket = new WebSocket(`ws://127.0.0.1:${(server.address() as AddressInfo).port}`);
  const frames: unknown[] = [];
  socket.on("message", (data) => frames.push(JSON.parse(data.toString())));
  const opened = Date.now();
  const code = await new Promise<number>((resolve) => socket.on("close", (c) => resolve(c)));
  expect(code).toBe(REALTIME_CLOSE.authTimeout);
  expect(Date.now() - opened).toBeGreaterThanOrEqual(90);
  expect(frames).toEqual([{ type: "error", message: "No auth message received in time." }]);
});
