import net from "node:net";
import nodemailer from "nodemailer";
import SMTPPool from "nodemailer/lib/smtp-pool/index.js";
import type { Mailer } from "./mailer.ts";

/**
 * A pool of open connections (nodemailer's default of 5; `?maxConnections=10` in the URL changes
 * it): a burst of deadlines must not pay a TCP and SMTP handshake per mail. Each send still
 * succeeds or fails on its own.
 */
export function createSmtpMailer(opts: { smtpUrl: string; from: string }): Mailer {
  const transport = nodemailer.createTransport(new SMTPPool({ pool: true, url: opts.smtpUrl, getSocket: connectWithoutDelay }));
  return {
    kind: "smtp",
    async send(mail) {
      await transport.sendMail({ from: opts.from, ...mail });
    },
    close: () => transport.close(),
  };
}

/**
 * nodemailer's SMTP client leaves Nagle's algorithm on and writes each command separately, so
 * every mail waits on the server's delayed ACK (~40 ms on Linux: 20 mails/s per connection on
 * loopback, measured in bench/engine-burst.ts). We open the TCP connection ourselves with
 * TCP_NODELAY; nodemailer does the rest on it (STARTTLS, or TLS at once for smtps://).
 * If our attempt fails we answer "no socket" and nodemailer connects by itself, so its own error
 * path reports the failure (an error from here would leak one of the pool's connection slots).
 */
function connectWithoutDelay(options: SMTPPool.Options, callback: (err: Error | null, socketOptions: { connection: net.Socket } | false) => void): void {
  const socket = net.connect({ host: options.host ?? "localhost", port: Number(options.port) || (options.secure ? 465 : 587), noDelay: true });
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
