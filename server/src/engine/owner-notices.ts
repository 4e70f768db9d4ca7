import { randomUUID } from "node:crypto";
import type { PhoneChannelId, TemplateContent } from "../channels/channel.ts";
import type { MasterKeys } from "../crypto/master-keys.ts";
import { newRecordCipher, recordCipherOf } from "../crypto/record-cipher.ts";
import { sql } from "drizzle-orm";
import type { Db, Tx } from "../db/connect.ts";
import { insertRows } from "../db/insert-rows.ts";
import { deliveries } from "../db/schema.ts";
import type { Mail } from "../mail/mailer.ts";

type NoticeRow = typeof deliveries.$inferSelect;

export interface OwnerNotice {
  /** Where it goes: the owner's address, or an admin's (then `userId` is null). */
  to: string;
  /** The owner it is about; their notices are deleted with their account. Null for admin notices. */
  userId: string | null;
  /**
   * Names this notice once and for all (`<feature>:<what>:<ids…>`, e.g. `outage:<user>:<from ISO>`):
   * enqueueing the same key again is a no-op, so a retried caller never mails twice.
   */
  key: string;
  subject: string;
  text: string;
  html?: string;
}

/**
 * Queues a notice to an owner or an admin in the engine's durable delivery queue (`deliveries`,
 * kind `notice`): the engine sends it with retries (retry-policy.ts, "notice"), never
 * fire-and-forget. Call it with your own transaction, so the notice exists exactly when the change
 * it tells about was committed. Subject and bodies are sealed with their own data key like the
 * local outbox (docs/decisions/010): a notice may name a message's title, never more of its content.
 * Returns false when a notice with this key was already queued.
 */
export async function enqueueOwnerNotice(
  db: Db | Tx,
  queued: QueuedNotice & { masterKeys: MasterKeys; now: Date },
): Promise<boolean> {
  const row = noticeRow(queued.masterKeys, queued.now, queued);
  return (await insertRows(db, deliveries, [row], sql`on conflict do nothing returning id`)).length > 0;
}

/** A notice as queued: what it says, and when it falls due. */
export interface QueuedNotice {
  notice: OwnerNotice;
  /** When it falls due (default now): a reminder queued ahead, withdrawn by deleting its row if it is no longer needed. */
  sendAt?: Date;
  /** The access grant whose link the mail carries (a trusted contact's access on request), so its receipt shows with the grant. */
  grantId?: string | null;
}

/**
 * Notices per statement. Sealing is the costly part of queuing a notice (a data key each), and a
 * batch's whole set sealed in one go held the event loop for hundreds of milliseconds, during which
 * the mail lanes got nothing new to send; sealed and inserted a part at a time, the lanes are fed
 * between parts.
 */
const NOTICES_PER_INSERT = 200;

/** Several notices in few statements (the engine's batches); existing keys are skipped. */
export async function enqueueOwnerNotices(
  db: Db | Tx,
  { masterKeys, now, notices }: { masterKeys: MasterKeys; now: Date; notices: QueuedNotice[] },
): Promise<void> {
  for (let i = 0; i < notices.length; i += NOTICES_PER_INSERT) {
    const rows = notices.slice(i, i + NOTICES_PER_INSERT).map((q) => noticeRow(masterKeys, now, q));
    await insertRows(db, deliveries, rows, sql`on conflict do nothing`);
  }
}

function noticeRow(masterKeys: MasterKeys, now: Date, { notice, sendAt = now, grantId = null }: QueuedNotice) {
  const id = randomUUID();
  const { cipher, keyId, wrappedKey } = newRecordCipher(masterKeys, "mail", id);
  const mail = cipher.seal(
    "notice",
    JSON.stringify({ subject: notice.subject, text: notice.text, html: notice.html ?? null }),
  );
  return {
    id,
    kind: "notice" as const,
    userId: notice.userId,
    grantId,
    address: notice.to,
    idempotencyKey: `notice:${notice.key}`,
    nextAttemptAt: sendAt,
    sealedMail: mail,
    mailKeyId: keyId,
    mailWrappedKey: wrappedKey,
    createdAt: now,
  };
}

/** The same notice to every address of ADMIN_EMAILS (ids and reasons only, never a message's content). */
export async function enqueueAdminNotices(
  db: Db | Tx,
  {
    masterKeys,
    now,
    adminEmails,
    key,
    mail,
  }: { masterKeys: MasterKeys; now: Date; adminEmails: readonly string[]; key: string; mail: Omit<Mail, "to"> },
): Promise<void> {
  for (const to of adminEmails)
    await enqueueOwnerNotice(db, {
      masterKeys,
      now,
      notice: { to, userId: null, key: `${key}:admin:${to.toLowerCase()}`, ...mail },
    });
}

/**
 * A notice on WhatsApp or SMS, queued like the e-mail notices, one row per channel (`channel`),
 * its text and template sealed the same way: to an owner (their release notice, their last alert)
 * or to one of their trusted contacts. At send time the rules are looked at again: the owner's
 * reminder route (channels/delivery/send-owner-phone-notice.ts), or whether the contact is still
 * one (contacts/send-contact-phone-notice.ts).
 */
export interface OwnerPhoneNotice {
  /** The owner it is from or about; their notices are deleted with their account. */
  userId: string;
  channel: PhoneChannelId;
  to: string;
  /** As for OwnerNotice: the same key again is a no-op, so a retried caller never queues twice. */
  key: string;
  text: string;
  /** How WhatsApp says it outside the 24-hour window; none: it goes only inside it. */
  template?: TemplateContent;
  /**
   * What it is about: for an owner, the message whose delivery log (reminder_delivery_log) records
   * it; for a trusted contact, which contact (it names no message).
   */
  about: { messageId: string; conditionId: string | null; reminderId: string | null } | { contactId: string };
  /** When it falls due (default now), as for e-mail notices. */
  sendAt?: Date;
  /** The access grant whose link it carries, as for e-mail notices. */
  grantId?: string | null;
}

export type OpenedPhoneNotice = Pick<OwnerPhoneNotice, "text" | "template" | "about">;

/** Queues several phone notices in one statement (the engine settles a batch at once); existing keys are skipped. */
export async function enqueueOwnerPhoneNotices(
  db: Db | Tx,
  { masterKeys, now, notices }: { masterKeys: MasterKeys; now: Date; notices: OwnerPhoneNotice[] },
): Promise<void> {
  if (notices.length === 0) return;
  const values = notices.map((n) => {
    const id = randomUUID();
    const { cipher, keyId, wrappedKey } = newRecordCipher(masterKeys, "mail", id);
    const sealed = cipher.seal(
      "notice",
      JSON.stringify({ text: n.text, template: n.template, about: n.about } satisfies OpenedPhoneNotice),
    );
    return {
      id,
      kind: "notice" as const,
      channel: n.channel,
      userId: n.userId,
      grantId: n.grantId ?? null,
      address: n.to,
      idempotencyKey: `notice:${n.key}`,
      nextAttemptAt: n.sendAt ?? now,
      sealedMail: sealed,
      mailKeyId: keyId,
      mailWrappedKey: wrappedKey,
      createdAt: now,
    };
  });
  await insertRows(db, deliveries, values, sql`on conflict do nothing`);
}

/** A queued phone notice, opened for sending. */
export function openPhoneNotice(masterKeys: MasterKeys, row: NoticeRow): OpenedPhoneNotice {
  return JSON.parse(openSealed(masterKeys, row)) as OpenedPhoneNotice;
}

function openSealed(masterKeys: MasterKeys, row: NoticeRow): string {
  if (!row.sealedMail || !row.mailKeyId || !row.mailWrappedKey)
    throw new Error(`notice ${row.id} has no sealed content`);
  const cipher = recordCipherOf(masterKeys, "mail", {
    id: row.id,
    keyId: row.mailKeyId,
    wrappedKey: row.mailWrappedKey,
  });
  return cipher.open("notice", row.sealedMail);
}

/** The mail of a queued notice, opened for sending. */
export function openNotice(masterKeys: MasterKeys, row: NoticeRow): Mail {
  if (!row.sealedMail || !row.mailKeyId || !row.mailWrappedKey) throw new Error(`notice ${row.id} has no sealed mail`);
  const cipher = recordCipherOf(masterKeys, "mail", {
    id: row.id,
    keyId: row.mailKeyId,
    wrappedKey: row.mailWrappedKey,
  });
  const mail = JSON.parse(cipher.open("notice", row.sealedMail)) as {
    subject: string;
    text: string;
    html: string | null;
  };
  return {
    to: row.address,
    subject: mail.subject,
    text: mail.text,
    ...(mail.html === null ? {} : { html: mail.html }),
  };
}
