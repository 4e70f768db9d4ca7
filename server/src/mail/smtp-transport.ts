import net from "node:net";
import nodemailer from "nodemailer";
import { parseConnectionUrl } from "nodemailer/lib/shared/index.js";
import SMTPPool from "nodemailer/lib/smtp-pool/index.js";
import type { Mail, Mailer } from "./mailer.ts";

export interface SmtpLimits {
  /** Connections kept open, each carrying one send at a time (default 8: the engine's ENGINE_CONCURRENCY). */
  connections: number;
  /** The most one send may take, connecting included; past it the connection is destroyed (default 30 s). */
  sendTimeoutMs: number;
  /** Connect, greeting and each reply of the server (nodemailer's connection/greeting/socket timeouts; default 10 s). */
  stepTimeoutMs: number;
}

export const DEFAULT_SMTP_LIMITS: SmtpLimits = { connections: 8, sendTimeoutMs: 30_000, stepTimeoutMs: 10_000 };

/** A send that ran past SMTP_SEND_TIMEOUT_MS: transient (the next attempt may find a healthy server). */
export class SendTimeoutError extends Error {
  readonly code = "ESENDTIMEOUT";
  constructor(ms: number) {
    super(`the mail server did not finish this send within ${ms} ms; the connection was closed`);
  }
}

interface Lane {
  transport: nodemailer.Transporter;
  sockets: Set<net.Socket>;
}

/**
 * `connections` lanes, each a one-connection nodemailer pool kept open between mails (a burst of
 * deadlines must not pay a TCP and SMTP handshake per mail). A send takes a free lane; every step
 * has nodemailer's own timeouts, and the send as a whole has `sendTimeoutMs`: past it, that lane's
 * socket is destroyed and the lane starts over, so a server that never greets or never answers the
 * final `.` holds one send for at most the limit, and never the other lanes
 * (docs/decisions/012-engine-throughput-and-notices.md).
 * `close()` destroys every socket at once (shutdown must not wait for a stalled server).
 */
export function createSmtpMailer(opts: { smtpUrl: string; from: string; limits?: Partial<SmtpLimits> }): Mailer {
  const limits = { ...DEFAULT_SMTP_LIMITS, ...opts.limits };
  // The URL's host, port, auth and TLS settings; the number of connections is ours (`limits.connections`).
  const { maxConnections: _lanes, ...fromUrl } = parseConnectionUrl(opts.smtpUrl) as SMTPPool.Options;
  const newLane = (): Lane => {
    const sockets = new Set<net.Socket>();
    const transport = nodemailer.createTransport(
      new SMTPPool({
        ...fromUrl,
        pool: true,
        maxConnections: 1,
        connectionTimeout: limits.stepTimeoutMs,
        greetingTimeout: limits.stepTimeoutMs,
        socketTimeout: limits.stepTimeoutMs,
        getSocket: (options, callback) => connectWithoutDelay(options, sockets, callback),
      }),
    );
    return { transport, sockets };
  };
  const free: Lane[] = Array.from({ length: limits.connections }, newLane);
  const waiting: ((lane: Lane) => void)[] = [];
  let closed = false;
  const take = () => new Promise<Lane>((resolve) => (free.length > 0 ? resolve(free.pop()!) : waiting.push(resolve)));
  const give = (lane: Lane) => (waiting.length > 0 ? waiting.shift()!(lane) : free.push(lane));
  const destroy = (lane: Lane) => {
    for (const socket of lane.sockets) socket.destroy();
    lane.transport.close();
  };
  const all = new Set<Lane>(free);

  return {
    kind: "smtp",
    async send(mail: Mail) {
      if (closed) throw new Error("the mailer is closed");
      let lane = await take();
      let timer: NodeJS.Timeout | undefined;
      try {
        const timedOut = new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new SendTimeoutError(limits.sendTimeoutMs)), limits.sendTimeoutMs);
        });
        const sending = lane.transport.sendMail({ from: opts.from, ...mail });
        sending.catch(() => {}); // after a timeout its own failure has no one to tell
        await Promise.race([sending, timedOut]);
      } catch (err) {
        if (err instanceof SendTimeoutError) {
          // The stalled connection goes; the lane gets a fresh one for the next mail.
          all.delete(lane);
          destroy(lane);
          lane = newLane();
          all.add(lane);
        }
        throw err;
      } finally {
        clearTimeout(timer);
        if (closed) destroy(lane);
        else give(lane);
      }
    },
    close() {
      closed = true;
      for (const lane of all) destroy(lane);
    },
  };
}

/**
 * nodemailer's SMTP client leaves Nagle's algorithm on and writes each command separately, so
 * every mail waits on the server's delayed ACK, which caps a connection's rate (bench/engine-burst.ts
 * measures it; docs/benchmarks.md). We open the TCP connection ourselves with
 * TCP_NODELAY; nodemailer does the rest on it (STARTTLS, or TLS at once for smtps://).
 * If our attempt fails we answer "no socket" and nodemailer connects by itself, so its own error
 * path reports the failure (an error from here would leak one of the pool's connection slots).
 * Each socket is remembered in `sockets` so a send past its limit can destroy it.
 */
function connectWithoutDelay(
  options: SMTPPool.Options,
  sockets: Set<net.Socket>,
  callback: (err: Error | null, socketOptions: { connection: net.Socket } | false) => void,
): void {
  const socket = net.connect({
    host: options.host ?? "localhost",
    port: Number(options.port) || (options.secure ? 465 : 587),
    noDelay: true,
  });
  sockets.add(socket);
  socket.once("close", () => sockets.delete(socket));
  let done = false;
  const finish = (connected: boolean) => {
    if (done) return;
    done = true;
    clearTimeout(timer);
    socket.off("error", failed);
    if (!connected) socket.destroy();
    callback(null, connected ? { connection: socket } : false);
  };
  const failed = () => finish(false);
  const timer = setTimeout(failed, options.connectionTimeout ?? 120_000);
  socket.once("error", failed);
  // Later errors go to nodemailer's own listener; this one only keeps a stray one from crashing us.
  socket.on("error", () => {});
  socket.once("connect", () => finish(true));
}
