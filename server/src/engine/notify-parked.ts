import type { Config } from "../config.ts";
import { renderMail } from "../mail/layout.ts";
import type { Mailer } from "../mail/mailer.ts";
import { messagePageUrl } from "../mail/web-links.ts";
import type { WorkContext } from "./load-work-context.ts";

/**
 * Tells the owner and the admins that work was parked: nothing is dropped silently. The owner's
 * mail names the message; the admins' does not (they need ids, not content). Best effort: if the
 * mail server is what failed, these may fail too, and the log line is what remains.
 */
export async function notifyParked({ mailer, config, ctx, reason, log }: { mailer: Mailer; config: Config; ctx: WorkContext; reason: string; log: { error(obj: object, msg: string): void } }): Promise<void> {
  const what = ctx.row.reminderType === "final_delivery" ? `deliver '${ctx.messageTitle}' to its recipients` : `send you a reminder about '${ctx.messageTitle}'`;
  const owner = renderMail({
    heading: "We could not deliver",
    paragraphs: [`We tried to ${what}, and gave up after ${ctx.row.attempts} attempts.`, `Reason: ${reason}`, "Please check the recipients' addresses, or contact support. Our team has been told."],
    action: { label: "Open the message", url: messagePageUrl(config.SITE_URL, ctx.row.messageId) },
  });
  const admin = renderMail({
    heading: "Delivery parked",
    paragraphs: [`reminder_schedule ${ctx.row.id} (${ctx.row.reminderType}, message ${ctx.row.messageId}, condition ${ctx.row.conditionId}, deadline ${ctx.row.deadline.toISOString()}) was parked after ${ctx.row.attempts} attempts.`, `Last error: ${reason}`],
  });
  const mails = [
    ...(ctx.ownerEmail ? [{ to: ctx.ownerEmail, subject: "We could not deliver your message", ...owner }] : []),
    ...config.ADMIN_EMAILS.map((to) => ({ to, subject: `[Trigger Switch] Delivery parked: ${ctx.row.id}`, ...admin })),
  ];
  for (const mail of mails) {
    try {
      await mailer.send(mail);
    } catch (err) {
      log.error({ err, reminderId: ctx.row.id }, "could not send the parked-delivery notice");
    }
  }
}
