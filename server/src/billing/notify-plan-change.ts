import type { Channels } from "../channels/channel.ts";
import type { Config } from "../config.ts";
import type { MasterKeys } from "../crypto/master-keys.ts";
import type { Tx } from "../db/connect.ts";
import { enqueueOwnerNotice } from "../engine/owner-notices.ts";
import { renderMail } from "../mail/layout.ts";
import { limitsFor } from "./limits-for.ts";
import { channelChangeSentences } from "./read-channel-changes.ts";
import { overLimitSentences, readUsage } from "./read-usage.ts";

/** What a billing event changed for one account, as the owner is told it. */
export type PlanNotice = { userId: string; email: string; kind: "upgraded" | "downgraded" | "payment_failed" };

const NOTHING_DISARMED =
  "Nothing of yours was switched off: every armed switch keeps running, and your messages, recipients and files stay as they are.";

/**
 * Queues the mail that tells an account's owner what a billing change means for their switches,
 * in the transaction that applies the Stripe event (engine/owner-notices.ts): the engine sends it
 * with retries, so a mail server that is down neither loses it nor holds up the webhook. Keyed by
 * the event, so an event applied once is told once (docs/decisions/018).
 */
export async function notifyPlanChange(
  tx: Tx,
  {
    masterKeys,
    config,
    channels,
    now,
    eventId,
    notice,
  }: { masterKeys: MasterKeys; config: Config; channels: Channels; now: Date; eventId: string; notice: PlanNotice },
): Promise<void> {
  const action = { label: "Open your subscription", url: `${config.SITE_URL}/subscription` };
  let subject: string;
  let mail: { text: string; html: string };
  if (notice.kind === "downgraded") {
    // Read in the event's transaction: the limits and usage as this change leaves them.
    const limits = await limitsFor({ db: tx, config, userId: notice.userId });
    const over = overLimitSentences(limits, await readUsage({ db: tx, userId: notice.userId, limits }), true);
    const changes = await channelChangeSentences({ db: tx, userId: notice.userId, limits, channels, canUpgrade: true });
    subject = "Your plan is now Free";
    mail = renderMail({
      heading: "Your Trigger Switch plan is now Free",
      paragraphs: [
        "Your Plus subscription has ended, so your account is on the Free plan from now on.",
        NOTHING_DISARMED,
        ...changes,
        ...(over.length > 0
          ? [
              "Where you are over the Free plan's limits, new items are refused until you are under them again:",
              ...over,
            ]
          : ["Everything you have fits the Free plan."]),
        "You can upgrade again at any time on the Subscription page.",
      ],
      action,
    });
  } else if (notice.kind === "payment_failed") {
    subject = "We could not take your payment";
    mail = renderMail({
      heading: "We could not take your payment for Plus",
      paragraphs: [
        "Your last payment for Trigger Switch Plus did not go through. Your plan stays Plus while the payment is tried again over the next days.",
        "Please check or update your card on the Subscription page (Manage billing).",
        `If the payment keeps failing, your plan becomes Free. ${NOTHING_DISARMED}`,
      ],
      action,
    });
  } else {
    subject = "Welcome to Plus";
    mail = renderMail({
      heading: "You are on Trigger Switch Plus",
      paragraphs: [
        `Thank you. Your account now has the Plus plan's limits: more messages and recipients, larger attachments, check-in intervals down to 5 minutes${phoneHere(channels)}.`,
      ],
      action,
    });
  }
  await enqueueOwnerNotice(tx, {
    masterKeys,
    now,
    notice: {
      to: notice.email,
      userId: notice.userId,
      key: `plan:${notice.userId}:${notice.kind}:${eventId}`,
      subject,
      ...mail,
    },
  });
}

/** ", and WhatsApp and SMS for reminders and deliveries" — only the channels this server sends by. */
function phoneHere(channels: Channels): string {
  const here = (["whatsapp", "sms"] as const).filter((c) => channels.get(c).available);
  if (here.length === 0) return "";
  return `, and ${here.map((c) => (c === "sms" ? "SMS" : "WhatsApp")).join(" and ")} for reminders and deliveries`;
}
