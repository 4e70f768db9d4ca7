/**
 * The drills' mail server: a real SMTP server on loopback (smtp-server) that records every mail
 * with its recipient, its kind and the message it concerns, and can be stopped and started
 * again on the same port (the SMTP-down drill). Mails are kept across restarts.
 *
 * Standalone: `node --import tsx drills/support/smtp-sink.ts [port]` prints one JSON line a mail.
 */
import type { AddressInfo } from "node:net";
import { pathToFileURL } from "node:url";
import { SMTPServer } from "smtp-server";

export type MailKind = "release" | "release_notice" | "reminder" | "outage" | "parked" | "other";

export interface SinkMail {
  /** Arrival order, from 1. */
  seq: number;
  to: string;
  subject: string;
  kind: MailKind;
  /** The message a recipient's mail opens (from its access link), else null. */
  messageId: string | null;
  receivedAt: number;
}

export interface SmtpSink {
  readonly port: number;
  readonly url: string;
  readonly mails: readonly SinkMail[];
  readonly running: boolean;
  /** Stops accepting connections: senders get "connection refused" until `start()`. */
  stop(): Promise<void>;
  /** Listens again on the same port. */
  start(): Promise<void>;
}

const ACCESS_LINK = /\/access\/message\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})/i;

function kindOf(subject: string): MailKind {
  if (subject.startsWith("A message from ")) return "release";
  if (subject === "Your message was released") return "release_notice";
  if (subject.startsWith("Check in before")) return "reminder";
  if (subject === "Our outage moved your deadlines") return "outage";
  if (/parked|could not be delivered|not delivered/i.test(subject)) return "parked";
  return "other";
}

/** Subject header (unfolded) and the first access link; quoted-printable soft breaks removed. */
export function parseMail(raw: string): { subject: string; messageId: string | null } {
  const [head = "", ...body] = raw.split(/\r?\n\r?\n/);
  const unfolded = head.replace(/\r?\n[ \t]+/g, " ");
  const subject = /^subject: (.*)$/im.exec(unfolded)?.[1]?.trim() ?? "";
  const text = body.join("\n\n").replace(/=\r?\n/g, "").replace(/=3D/gi, "=");
  return { subject, messageId: ACCESS_LINK.exec(text)?.[1]?.toLowerCase() ?? null };
}

export async function startSmtpSink({ port = 0 }: { port?: number } = {}): Promise<SmtpSink> {
  const mails: SinkMail[] = [];
  let server: SMTPServer | null = null;
  let boundPort = port;

  const listen = async () => {
    const s = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS", "AUTH"],
      logger: false,
      // Close fast when stopped: the drill wants the port refused, not a 30 s drain.
      closeTimeout: 500,
      size: 1024 * 1024,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on("data", (c: Buffer) => chunks.push(c));
        stream.on("end", () => {
          const { subject, messageId } = parseMail(Buffer.concat(chunks).toString("utf8"));
          for (const r of session.envelope.rcptTo) {
            mails.push({ seq: mails.length + 1, to: r.address.toLowerCase(), subject, kind: kindOf(subject), messageId, receivedAt: Date.now() });
          }
          callback();
        });
      },
    });
    s.on("error", () => {}); // a sender killed mid-session is part of the drill
    await new Promise<void>((resolve, reject) => {
      s.server.once("error", reject);
      s.listen(boundPort, "127.0.0.1", () => resolve());
    });
    boundPort = (s.server.address() as AddressInfo).port;
    server = s;
  };
  await listen();

  return {
    get port() {
      return boundPort;
    },
    get url() {
      return `smtp://127.0.0.1:${boundPort}`;
    },
    mails,
    get running() {
      return server !== null;
    },
    async stop() {
      const s = server;
      server = null;
      if (s) await new Promise<void>((resolve) => s.close(() => resolve()));
    },
    async start() {
      if (!server) await listen();
    },
  };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const sink = await startSmtpSink({ port: Number(process.argv[2] ?? 0) });
  console.error(`smtp sink listening on ${sink.url}`);
  let printed = 0;
  setInterval(() => {
    while (printed < sink.mails.length) console.log(JSON.stringify(sink.mails[printed++]));
  }, 200);
  for (const signal of ["SIGTERM", "SIGINT"] as const) process.on(signal, () => void sink.stop().then(() => process.exit(0)));
}
