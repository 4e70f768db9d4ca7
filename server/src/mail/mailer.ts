import type { Db } from "../db/connect.ts";
import { createOutboxMailer } from "./outbox-transport.ts";
import { createSmtpMailer } from "./smtp-transport.ts";

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  /** "smtp" or "outbox": shown on the status page, never the credentials. */
  readonly kind: "smtp" | "outbox";
  send(mail: Mail): Promise<void>;
  close(): void;
}

/** SMTP when `smtpUrl` is set, else the local outbox table read by the dev mailbox page. */
export function createMailer(opts: { smtpUrl?: string; from: string; db: Db }): Mailer {
  return opts.smtpUrl ? createSmtpMailer({ smtpUrl: opts.smtpUrl, from: opts.from }) : createOutboxMailer({ db: opts.db });
}
