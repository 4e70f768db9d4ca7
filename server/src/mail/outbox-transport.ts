import { lt } from "drizzle-orm";
import { randomUUID } from "node:crypto";
import { systemClock, type Clock } from "../clock.ts";
import type { MasterKeys } from "../crypto/master-keys.ts";
import { newRecordCipher } from "../crypto/record-cipher.ts";
import type { Db } from "../db/connect.ts";
import { mailOutbox } from "../db/schema.ts";
import type { Mailer } from "./mailer.ts";

/** Mail in the local outbox is deleted this long after it was written (docs/security.md). */
export const OUTBOX_RETENTION_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * Without a mail server: mail is kept in the outbox table, read by the local mailbox page. Mails
 * carry titles, emergency texts and one-time links, so subject and bodies are sealed like a
 * message (docs/decisions/010); each send also deletes what is older than the retention.
 */
export function createOutboxMailer({
  db,
  masterKeys,
  clock = systemClock,
}: {
  db: Db;
  masterKeys: MasterKeys;
  clock?: Clock;
}): Mailer {
  return {
    kind: "outbox",
    async send(mail) {
      const id = randomUUID();
      const now = clock.now();
      const { cipher, keyId, wrappedKey } = newRecordCipher(masterKeys, "mail", id);
      await db.insert(mailOutbox).values({
        id,
        to: mail.to.toLowerCase(),
        subject: cipher.seal("subject", mail.subject),
        text: cipher.seal("text", mail.text),
        html: mail.html === undefined ? null : cipher.seal("html", mail.html),
        keyId,
        wrappedKey,
        createdAt: now,
      });
      await db.delete(mailOutbox).where(lt(mailOutbox.createdAt, new Date(now.getTime() - OUTBOX_RETENTION_MS)));
    },
    close() {},
  };
}
