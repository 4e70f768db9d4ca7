/**
 * A mail server that misbehaves on purpose: plain SMTP written by hand so each stall is
 * exact. `stallGreeting`: new connections are accepted and never greeted. `stallData(address)`:
 * the final `.` of a mail to that address is never answered. Otherwise it answers like a healthy
 * server and records the mail as the drills' sink does (drills/support/smtp-sink.ts).
 */
import net from "node:net";
import { kindOf, parseMail, type SinkMail } from "./smtp-sink.ts";

export interface StallingSmtp {
  readonly port: number;
  readonly url: string;
  readonly mails: readonly SinkMail[];
  /** Connections currently held without a greeting or without an answer to `.`. */
  readonly held: number;
  stallGreeting: boolean;
  stallData: (address: string) => boolean;
  close(): Promise<void>;
}

export async function startStallingSmtp(): Promise<StallingSmtp> {
  const mails: SinkMail[] = [];
  const sockets = new Set<net.Socket>();
  let held = 0;
  const state = { stallGreeting: false, stallData: (_address: string) => false };
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on("error", () => {});
    let holding = false;
    const hold = () => {
      if (!holding) held++;
      holding = true;
    };
    socket.once("close", () => {
      sockets.delete(socket);
      if (holding) held--;
    });
    if (state.stallGreeting) {
      hold(); // accepts TCP, never says a word
      return;
    }
    socket.write("220 stalling-smtp ready\r\n");
    let buffer = "";
    let inData = false;
    let to: string[] = [];
    let data = "";
    socket.on("data", (chunk: Buffer) => {
      if (holding) return;
      buffer += chunk.toString("utf8");
      for (;;) {
        if (inData) {
          const end = buffer.indexOf("\r\n.\r\n");
          if (end < 0) return;
          data += buffer.slice(0, end);
          buffer = buffer.slice(end + 5);
          inData = false;
          if (to.some((a) => state.stallData(a))) {
            hold(); // never answers the final "."
            return;
          }
          const { subject, messageId, contactToken } = parseMail(data.replace(/^\.\./gm, "."));
          for (const address of to)
            mails.push({
              seq: mails.length + 1,
              to: address.toLowerCase(),
              subject,
              kind: kindOf(subject),
              messageId,
              contactToken,
              receivedAt: Date.now(),
            });
          socket.write("250 2.0.0 queued\r\n");
          to = [];
          data = "";
          continue;
        }
        const nl = buffer.indexOf("\r\n");
        if (nl < 0) return;
        const line = buffer.slice(0, nl);
        buffer = buffer.slice(nl + 2);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === "EHLO" || verb === "HELO") socket.write("250-stalling-smtp\r\n250 8BITMIME\r\n");
        else if (verb === "MAIL") socket.write("250 2.1.0 ok\r\n");
        else if (verb === "RCPT") {
          to.push(/<([^>]*)>/.exec(line)?.[1] ?? "");
          socket.write("250 2.1.5 ok\r\n");
        } else if (verb === "DATA") {
          inData = true;
          data = "";
          socket.write("354 go ahead\r\n");
        } else if (verb === "RSET") {
          to = [];
          socket.write("250 2.0.0 ok\r\n");
        } else if (verb === "NOOP") socket.write("250 2.0.0 ok\r\n");
        else if (verb === "QUIT") {
          socket.end("221 2.0.0 bye\r\n");
          return;
        } else socket.write("502 5.5.2 not implemented\r\n");
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    mails,
    get held() {
      return held;
    },
    get stallGreeting() {
      return state.stallGreeting;
    },
    set stallGreeting(v: boolean) {
      state.stallGreeting = v;
    },
    get stallData() {
      return state.stallData;
    },
    set stallData(fn: (address: string) => boolean) {
      state.stallData = fn;
    },
    async close() {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
