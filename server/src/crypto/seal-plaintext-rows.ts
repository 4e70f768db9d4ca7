import { and, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "../db/connect.ts";
import { mailOutbox, recipients } from "../db/schema.ts";
import { newRecordCipher } from "./record-cipher.ts";
import type { MasterKeys } from "./master-keys.ts";
import { sealRecipientFields } from "../recipients/seal-recipient.ts";

/**
 * Seals rows that are still plaintext (docs/decisions/010): recipients and outbox mail written
 * before these were encrypted, or by an older process during a rolling upgrade. Runs at every
 * start, after the master keys are checked; a row is only touched while its `key_id` is null, so
 * two processes starting together cannot seal one twice. A table that had plaintext is then
 * rewritten (VACUUM FULL), so the old row versions leave its files; copies in the write-ahead log
 * and in backups taken before remain until those are recycled (docs/security.md).
 */
export async function sealPlaintextRows({
  db,
  masterKeys,
}: {
  db: Db;
  masterKeys: MasterKeys;
}): Promise<{ recipients: number; mails: number }> {
  let sealedRecipients = 0;
  for (const row of await db.select().from(recipients).where(isNull(recipients.keyId))) {
    const sealed = sealRecipientFields(masterKeys, row.id, { name: row.name, note: row.note });
    const done = await db
      .update(recipients)
      .set(sealed)
      .where(and(eq(recipients.id, row.id), isNull(recipients.keyId)))
      .returning({ id: recipients.id });
    sealedRecipients += done.length;
  }
  let sealedMails = 0;
  for (const row of await db.select().from(mailOutbox).where(isNull(mailOutbox.keyId))) {
    const { cipher, keyId, wrappedKey } = newRecordCipher(masterKeys, "mail", row.id);
    const sealed = {
      keyId,
      wrappedKey,
      subject: cipher.seal("subject", row.subject),
      text: cipher.seal("text", row.text),
      html: row.html === null ? null : cipher.seal("html", row.html),
    };
    const done = await db
      .update(mailOutbox)
      .set(sealed)
      .where(and(eq(mailOutbox.id, row.id), isNull(mailOutbox.keyId)))
      .returning({ id: mailOutbox.id });
    sealedMails += done.length;
  }
  if (sealedRecipients > 0) await db.execute(sql`vacuum full recipients`);
  if (sealedMails > 0) await db.execute(sql`vacuum full mail_outbox`);
  return { recipients: sealedRecipients, mails: sealedMails };
}
