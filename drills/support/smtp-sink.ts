/**
 * The drills' mail server: the project's SMTP sink (server/test/support/smtp-sink.ts) recording
 * every mail with its recipient, its kind and the message it concerns; it can be stopped and
 * started again on the same port (the SMTP-down drill). Mails are kept across restarts.
 *
 * Standalone: `node --import tsx drills/support/smtp-sink.ts [port]` prints one JSON line a mail.
 */
import { pathToFileURL } from "node:url";
import { startSmtpSink as startSink } from "../../server/test/support/smtp-sink.ts";

export type MailKind =
  | "release"
  | "release_notice"
  | "reminder"
  | "outage"
  | "parked"
  | "invitation"
  | "question"
  | "question_reminder"
  | "other";

export interface SinkMail {
  /** Arrival order, from 1. */
  seq: number;
  to: string;
  subject: string;
  kind: MailKind;
  /** The message a recipient's mail opens (from its access link), else null. */
  messageId: string | null;
  /** A trusted contact's mail: the token of its invitation or question link, else null. */
  contactToken: string | null;
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

const CONTACT_LINK = /\/contact\/(?:invitation|question)\?token=([A-Za-z0-9_-]+)/;
const ACCESS_LINK = /\/access\/message\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})/i;

export function kindOf(subject: string): MailKind {
  if (subject.startsWith("A message from ")) return "release";
  if (subject === "Your message was released") return "release_notice";
  if (subject.startsWith("Check in before")) return "reminder";
  if (subject === "Our outage moved your deadlines") return "outage";
  if (/parked|could not be delivered|not delivered/i.test(subject)) return "parked";
  if (subject.endsWith("asked you to be their trusted contact")) return "invitation";
  if (subject.startsWith("Have you been in touch with")) return "question";
  if (subject.startsWith("Reminder: have you been in touch with")) return "question_reminder";
  return "other";
}

/** Subject header (unfolded) and the first access link; quoted-printable soft breaks removed. */
export function parseMail(raw: string): { subject: string; messageId: string | null; contactToken: string | null } {
  const [head = "", ...body] = raw.split(/\r?\n\r?\n/);
  const unfolded = head.replace(/\r?\n[ \t]+/g, " ");
  const subject = /^subject: (.*)$/im.exec(unfolded)?.[1]?.trim() ?? "";
  const text = body
    .join("\n\n")
    .replace(/=\r?\n/g, "")
    .replace(/=3D/gi, "=");
  return {
    subject,
    messageId: ACCESS_LINK.exec(text)?.[1]?.toLowerCase() ?? null,
    contactToken: CONTACT_LINK.exec(text)?.[1] ?? null,
  };
}

export async function startSmtpSink({ port = 0 }: { port?: number } = {}): Promise<SmtpSink> {
  const mails: SinkMail[] = [];
  let running = true;
  const sink = await startSink({
    port,
    keep: false,
    onMail({ to, raw, receivedAt }) {
      const { subject, messageId, contactToken } = parseMail(raw);
      for (const address of to)
        mails.push({
          seq: mails.length + 1,
          to: address.toLowerCase(),
          subject,
          kind: kindOf(subject),
          messageId,
          contactToken,
          receivedAt,
        });
    },
  });
  return {
    get port() {
      return sink.port;
    },
    get url() {
      return sink.url;
    },
    mails,
    get running() {
      return running;
    },
    async stop() {
      running = false;
      await sink.stop();
    },
    async start() {
      await sink.start();
      running = true;
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
  for (const signal of ["SIGTERM", "SIGINT"] as const)
    process.on(signal, () => void sink.stop().then(() => process.exit(0)));
}
