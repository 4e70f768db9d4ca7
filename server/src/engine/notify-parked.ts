import type { Config } from "../config.ts";
import type { MasterKeys } from "../crypto/master-keys.ts";
import type { Db, Tx } from "../db/connect.ts";
import { renderMail } from "../mail/layout.ts";
import { messagePageUrl } from "../mail/web-links.ts";
import type { ScheduleRow } from "./work-types.ts";
import { enqueueAdminNotices, enqueueOwnerNotice } from "./owner-notices.ts";

/**
 * Tells the owner and the admins that work was parked: nothing is dropped silently. Queued in the
 * transaction that parks the row (owner-notices.ts), so the notices are retried like any delivery,
 * even when the mail server is what failed. The owner's mail names the message (its title, sealed
 * in the queue); the admins' does not (they need ids, not content).
 */
export async function notifyParked(
  db: Db | Tx,
  {
    masterKeys,
    config,
    now,
    row,
    attempts,
    messageTitle,
    ownerEmail,
    reason,
    ownerTold = false,
  }: {
    masterKeys: MasterKeys;
    config: Config;
    now: Date;
    row: ScheduleRow;
    attempts: number;
    messageTitle: string;
    ownerEmail: string;
    reason: string;
    /** The owner has already been told of this failure by a notice naming each recipient: admins only. */
    ownerTold?: boolean;
  },
): Promise<void> {
  const what =
    row.reminderType === "final_delivery"
      ? `deliver '${messageTitle}' to its recipients`
      : `send you a reminder about '${messageTitle}'`;
  const key = `parked:${row.id}:${attempts}`;
  if (ownerEmail && !ownerTold) {
    const owner = renderMail({
      heading: "We could not deliver",
      paragraphs: [
        `We tried to ${what}, and gave up after ${attemptsText(attempts)}.`,
        `Reason: ${reason}`,
        "Please check the recipients' addresses, or contact support. Our team has been told.",
      ],
      action: { label: "Open the message", url: messagePageUrl(config.SITE_URL, row.messageId) },
    });
    await enqueueOwnerNotice(db, {
      masterKeys,
      now,
      notice: { to: ownerEmail, userId: row.userId, key, subject: "We could not deliver your message", ...owner },
    });
  }
  const admin = renderMail({
    heading: "Delivery parked",
    paragraphs: [
      `reminder_schedule ${row.id} (${row.reminderType}, message ${row.messageId}, condition ${row.conditionId}, deadline ${row.deadline.toISOString()}) was parked after ${attemptsText(attempts)}.`,
      `Last error: ${reason}`,
    ],
  });
  await enqueueAdminNotices(db, {
    masterKeys,
    now,
    adminEmails: config.ADMIN_EMAILS,
    key,
    mail: { subject: `[Trigger Switch] Delivery parked: ${row.id}`, ...admin },
  });
}

const attemptsText = (n: number) => (n === 1 ? "1 attempt" : `${n} attempts`);
