import nodemailer from "nodemailer";
import type { Db } from "../db/connect.ts";
import { mailOutbox } from "../db/schema.ts";

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
  if (!opts.smtpUrl) {
    return {
      kind: "outbox",
      async send(mail) {
        await opts.db.insert(mailOutbox).values({ to: mail.to, subject: mail.subject, text: mail.text, html: mail.html });
      },
      close() {},
    };
  }
  const transport = nodemailer.createTransport(opts.smtpUrl);
  return {
    kind: "smtp",
    async send(mail) {
      await transport.sendMail({ from: opts.from, ...mail });
    },
    close: () => transport.close(),
  };
}
