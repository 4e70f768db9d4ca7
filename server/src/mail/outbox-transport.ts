import type { Db } from "../db/connect.ts";
import { mailOutbox } from "../db/schema.ts";
import type { Mailer } from "./mailer.ts";

/** Without a mail server: mail is kept in the outbox table, read by the local mailbox page. */
export function createOutboxMailer({ db }: { db: Db }): Mailer {
  return {
    kind: "outbox",
    async send(mail) {
      await db.insert(mailOutbox).values({ to: mail.to, subject: mail.subject, text: mail.text, html: mail.html });
    },
    close() {},
  };
}
