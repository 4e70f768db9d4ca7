import type { Clock } from "../../clock.ts";
import type { Config } from "../../config.ts";
import type { Db } from "../../db/connect.ts";
import { reminderDeliveryLog } from "../../db/schema.ts";
import { ChannelError, type Channels, type PhoneChannelId, type TemplateContent } from "../channel.ts";
import { recordSentAttempt } from "./record-sent-attempt.ts";
import { ownerReminderRoute } from "./send-owner-reminder.ts";

export type PhoneNoticeResult =
  | { status: "sent" }
  | { status: "retry"; error: string }
  | { status: "failed"; error: string }
  | { status: "skipped"; reason: string };

/**
 * How a phone notice not sent by rule begins its last_error: such a notice ends as failed, but it
 * is not an operator's problem, so the admin's list and figures leave it out (admin/).
 */
export const NOT_SENT_BY_RULE = "Not sent: ";

/**
 * One queued notice to an owner's phone (engine/owner-notices.ts; their release notice). The
 * owner's reminder route as it stands now decides (ownerReminderRoute): a channel they no longer
 * choose, that their plan or this server no longer offers, or a number no longer proven is
 * skipped, not sent. WhatsApp follows the channel's window rule (docs/decisions/014): free text
 * inside the 24-hour window, else the template — and with no template configured, a permanent
 * failure; the e-mail notice already went, so nobody is mailed about it (the engine logs it).
 * The attempt is a row of the message's delivery log, whose receipts the provider's status
 * webhooks move on; a failure to write that row never turns a sent notice into a retry.
 */
export async function sendOwnerPhoneNotice({
  db,
  clock,
  config,
  channels,
  notice,
  log,
}: {
  db: Db;
  clock: Clock;
  config: Config;
  channels: Channels;
  notice: {
    id: string;
    userId: string;
    channel: PhoneChannelId;
    attempt: number;
    text: string;
    template?: TemplateContent;
    about: { messageId: string; conditionId: string | null; reminderId: string | null };
  };
  log: { error(obj: object, msg: string): void };
}): Promise<PhoneNoticeResult> {
  const route = await ownerReminderRoute({ db, config, channels, userId: notice.userId });
  if (!route.phone || !route.channels.includes(notice.channel)) {
    return {
      status: "skipped",
      reason: `${NOT_SENT_BY_RULE}${notice.channel} is not among the owner's reminder channels now (not chosen, not in their plan, not configured here, or no proven number).`,
    };
  }
  const at = clock.now();
  const base = {
    reminderId: notice.about.reminderId,
    deliveryId: notice.id,
    messageId: notice.about.messageId,
    conditionId: notice.about.conditionId,
    recipient: route.phone,
    deliveryChannel: notice.channel,
    attempt: notice.attempt,
    statusAt: at,
    createdAt: at,
  };
  const record = (row: typeof reminderDeliveryLog.$inferInsert & { deliveryChannel: PhoneChannelId }) =>
    (row.deliveryStatus === "sent"
      ? recordSentAttempt({ db, row, listeners: channels.statusListeners() })
      : db.insert(reminderDeliveryLog).values(row)
    ).catch((err: unknown) =>
      log.error(
        { err, deliveryId: notice.id },
        "could not log an owner's phone notice (the message may have been deleted)",
      ),
    );
  const responseData = { kind: "release_notice", fallback_method: null };
  try {
    const receipt = await channels
      .get(notice.channel)
      .send({ to: route.phone, purpose: "owner_notice", text: notice.text, template: notice.template });
    await record({
      ...base,
      deliveryStatus: "sent",
      providerMessageId: receipt.providerMessageId,
      responseData: { ...responseData, permanent: false, form: receipt.form },
    });
    return { status: "sent" };
  } catch (err) {
    const e = ChannelError.from(notice.channel, err);
    const error = `${notice.channel}: ${e.message}`.slice(0, 500);
    await record({
      ...base,
      deliveryStatus: "failed",
      error: e.message.slice(0, 500),
      responseData: { ...responseData, permanent: e.permanent, ...(e.code ? { error_code: e.code } : {}) },
    });
    return e.permanent ? { status: "failed", error } : { status: "retry", error };
  }
}
