import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
  /** Epoch ms when the message's last byte arrived. */
  receivedAt: number;
}

export interface SmtpSinkOptions {
  /** Listen here (0 = any free port). */
  port?: number;
  /** Answer 550 for chosen addresses (a permanent failure). */
  reject?: (address: string) => boolean;
  /** Called for each mail as it arrives (parsing, timing, reporting). */
  onMail?: (mail: ReceivedMail) => void;
  /** Keep every mail in `mails` (default true; a 100,000-mail benchmark only counts). */
  keep?: boolean;
}

export interface SmtpSink {
  readonly url: string;
  readonly port: number;
  readonly mails: ReceivedMail[];
  /** The first mail to `to`, waiting for it up to `timeoutMs`. */
  waitFor(to: string, timeoutMs?: number): Promise<ReceivedMail>;
  /** Stops listening: senders get "connection refused" until `start()`. */
  stop(): Promise<void>;
  /** Listens again on the same port. */
  start(): Promise<void>;
  close(): Promise<void>;
}

/**
 * The one real SMTP server on loopback that the server tests, the benchmarks, the drills and the
 * browser journeys send to (`url` goes into SMTP_URL). It can be stopped and started again on the
 * same port, which is how "the mail server is down" is played.
 */
export async function startSmtpSink({
  port = 0,
  reject,
  onMail,
  keep = true,
}: SmtpSinkOptions = {}): Promise<SmtpSink> {
  const mails: ReceivedMail[] = [];
  let server: SMTPServer | null = null;
  let boundPort = port;

  const listen = async () => {
    const s = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS", "AUTH"],
      logger: false,
      disableReverseLookup: true,
      maxClients: 1000,
      // Close fast when stopped: "down" must mean refused at once, not a 30 s drain.
      closeTimeout: 500,
      onRcptTo(address, _session, callback) {
        if (reject?.(address.address))
          return callback(Object.assign(new Error("5.1.1 No such user here"), { responseCode: 550 }));
        callback();
      },
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on("data", (c: Buffer) => chunks.push(c));
        stream.on("end", () => {
          const mail = {
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
            to: session.envelope.rcptTo.map((r) => r.address),
            raw: Buffer.concat(chunks).toString("utf8"),
            receivedAt: Date.now(),
          };
          if (keep) mails.push(mail);
          onMail?.(mail);
          callback();
        });
      },
    });
    s.on("error", () => {}); // a sender killed mid-session (the drills do that) is not our failure
    await new Promise<void>((resolve, reject) => {
      s.server.once("error", reject);
      s.listen(boundPort, "127.0.0.1", () => resolve());
    });
    boundPort = (s.server.address() as AddressInfo).port;
    server = s;
  };
  const stop = async () => {
    const s = server;
    server = null;
    if (s) await new Promise<void>((resolve) => s.close(() => resolve()));
  };
  await listen();

  return {
    get url() {
      return `smtp://127.0.0.1:${boundPort}`;
    },
    get port() {
      return boundPort;
    },
    mails,
    async waitFor(to, timeoutMs = 5000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = mails.find((m) => m.to.includes(to));
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`no mail to ${to} within ${timeoutMs} ms`);
        await new Promise((r) => setTimeout(r, 25));
      }
    },
    stop,
    async start() {
      if (!server) await listen();
    },
    close: stop,
  };
}
