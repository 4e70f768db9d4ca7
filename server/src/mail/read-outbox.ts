import { desc, eq } from "drizzle-orm";
import type { MasterKeys } from "../crypto/master-keys.ts";
import { recordCipherOf } from "../crypto/record-cipher.ts";
import type { Db } from "../db/connect.ts";
import { mailOutbox } from "../db/schema.ts";

export interface OutboxMail {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string | null;
  /** "email", or in local mode "whatsapp" / "sms" (what would have gone by message). */
  channel: "email" | "whatsapp" | "sms";
  createdAt: Date;
}

type OutboxRow = typeof mailOutbox.$inferSelect;

/** The newest mails of the local outbox, opened (for the mailbox page, only with its key). */
export async function readOutbox({
  db,
  masterKeys,
  to,
  limit = 100,
}: {
  db: Db;
  masterKeys: MasterKeys;
  to?: string;
  limit?: number;
}): Promise<OutboxMail[]> {
  const rows = await db
    .select()
    .from(mailOutbox)
    .where(to ? eq(mailOutbox.to, to.toLowerCase()) : undefined)
    .orderBy(desc(mailOutbox.createdAt))
    .limit(limit);
  return rows.map((row) => openOutboxMail(masterKeys, row));
}

export function openOutboxMail(masterKeys: MasterKeys, row: OutboxRow): OutboxMail {
  const plain = { id: row.id, to: row.to, channel: row.channel, createdAt: row.createdAt };
  // Written in plaintext by an older version, until the next start seals it.
  if (!row.keyId || !row.wrappedKey) return { ...plain, subject: row.subject, text: row.text, html: row.html };
  const cipher = recordCipherOf(masterKeys, "mail", { id: row.id, keyId: row.keyId, wrappedKey: row.wrappedKey });
  return {
    ...plain,
    subject: cipher.open("subject", row.subject),
    text: cipher.open("text", row.text),
    html: row.html === null ? null : cipher.open("html", row.html),
  };
}
