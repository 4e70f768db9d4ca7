// The dashboards of bench/realtime-sockets.ts, in a process of their own so that they share neither
// the server's event loop nor the check-in clients': `perOwner` sockets for each owner's token, each
// authenticating in its first frame and, when the server closes it, reconnecting with the web
// client's policy (contracts' realtimeReconnectDelayMs, REALTIME_MAX_RECONNECTS). Driven over IPC.
import {
  REALTIME_MAX_RECONNECTS,
  REALTIME_RECONNECT_DELAY_MS,
  realtimeReconnectDelayMs,
  realtimeServerMessageSchema,
} from "@trigger-switch/contracts";
import WebSocket from "ws";
import { z } from "zod";

const commandSchema = z.discriminatedUnion("type", [
  z.object({
    type: z.literal("open"),
    url: z.string(),
    tokens: z.array(z.string()),
    perOwner: z.number().int().positive(),
    inFlight: z.number().int().positive(),
  }),
  z.object({ type: z.literal("record"), on: z.boolean() }),
  z.object({ type: z.literal("arrivals") }),
  z.object({ type: z.literal("storm"), at: z.number() }),
  z.object({ type: z.literal("status") }),
  z.object({ type: z.literal("close") }),
]);

interface Dashboard {
  owner: number;
  token: string;
  ip: string;
  socket: WebSocket | null;
  attempts: number;
  subscribedAt: number | null;
  gaveUp: boolean;
  closedByUs: boolean;
}

const now = () => performance.timeOrigin + performance.now();
const send = (message: unknown) => process.send!(message);

let url = "";
const dashboards: Dashboard[] = [];
let recording = false;
const arrivalOwner: number[] = [];
const arrivalAt: number[] = [];
let errors = 0;
const errorTexts = new Map<string, number>();
const closeCodes = new Map<number, number>();
let stormAt = Infinity;

function connect(d: Dashboard, onSettled?: () => void) {
  // Each owner comes from an address of their own, as real dashboards do (upgrades are limited per address).
  const socket = new WebSocket(url, { headers: { "x-forwarded-for": d.ip }, perMessageDeflate: false });
  d.socket = socket;
  let settled = false;
  const settle = () => {
    if (!settled) {
      settled = true;
      onSettled?.();
    }
  };
  socket.on("open", () => socket.send(JSON.stringify({ type: "auth", access_token: d.token })));
  socket.on("message", (data) => {
    const parsed = realtimeServerMessageSchema.safeParse(JSON.parse(data.toString()));
    if (!parsed.success) return;
    const message = parsed.data;
    if (message.type === "subscribed") {
      d.attempts = 0;
      d.subscribedAt = now();
      settle();
    } else if (message.type === "UPDATE") {
      if (recording) {
        arrivalOwner.push(d.owner);
        arrivalAt.push(now());
      }
    } else if (message.type === "error") {
      errors += 1;
      errorTexts.set(message.message, (errorTexts.get(message.message) ?? 0) + 1);
      // As the web client: an error frame is a failed channel.
      socket.close(1000);
    }
  });
  socket.on("error", () => {});
  socket.on("close", (code) => {
    closeCodes.set(code, (closeCodes.get(code) ?? 0) + 1);
    if (d.socket !== socket) return;
    d.socket = null;
    d.subscribedAt = null;
    settle();
    if (d.closedByUs) return;
    if (d.attempts >= REALTIME_MAX_RECONNECTS) {
      d.gaveUp = true;
      return;
    }
    d.attempts += 1;
    setTimeout(() => connect(d), realtimeReconnectDelayMs(d.attempts, { spacingMs: REALTIME_RECONNECT_DELAY_MS }));
  });
}

function status() {
  let subscribed = 0;
  let back = 0;
  let lastBack = 0;
  let gaveUp = 0;
  for (const d of dashboards) {
    if (d.gaveUp) gaveUp += 1;
    if (d.subscribedAt === null) continue;
    subscribed += 1;
    if (d.subscribedAt >= stormAt) {
      back += 1;
      lastBack = Math.max(lastBack, d.subscribedAt);
    }
  }
  return {
    type: "status",
    subscribed,
    back,
    lastBack,
    gaveUp,
    errors,
    errorTexts: Object.fromEntries(errorTexts),
    closeCodes: Object.fromEntries(closeCodes),
    rssMiB: process.memoryUsage().rss / 2 ** 20,
  };
}

process.on("message", async (raw) => {
  const command = commandSchema.parse(raw);
  if (command.type === "open") {
    url = command.url;
    command.tokens.forEach((token, owner) => {
      const ip = `10.${(owner >> 16) & 255}.${(owner >> 8) & 255}.${owner & 255}`;
      for (let k = 0; k < command.perOwner; k++)
        dashboards.push({
          owner,
          token,
          ip,
          socket: null,
          attempts: 0,
          subscribedAt: null,
          gaveUp: false,
          closedByUs: false,
        });
    });
    const started = now();
    let next = 0;
    await Promise.all(
      Array.from({ length: command.inFlight }, async () => {
        while (next < dashboards.length) {
          const d = dashboards[next++]!;
          await new Promise<void>((resolve) => connect(d, resolve));
        }
      }),
    );
    send({ ...status(), type: "opened", ms: now() - started });
  } else if (command.type === "record") {
    recording = command.on;
    send({ type: "recording", on: recording });
  } else if (command.type === "arrivals") {
    send({ type: "arrivals", owner: arrivalOwner, at: arrivalAt });
  } else if (command.type === "storm") {
    stormAt = command.at;
    errors = 0;
    errorTexts.clear();
    closeCodes.clear();
    send({ type: "storm" });
  } else if (command.type === "status") {
    send(status());
  } else {
    for (const d of dashboards) {
      d.closedByUs = true;
      d.socket?.terminate();
    }
    send({ type: "closed" });
    process.disconnect();
  }
});
