import { eq } from "drizzle-orm";
import type { Clock } from "../../clock.ts";
import type { Config } from "../../config.ts";
import type { MasterKeys } from "../../crypto/master-keys.ts";
import type { Db } from "../../db/connect.ts";
import { recipients, type deliveries } from "../../db/schema.ts";
import type { Mail } from "../../mail/mailer.ts";
import { recipientName } from "../../recipients/seal-recipient.ts";
import type { ChannelId, Channels, Envelope } from "../channel.ts";
import type { TellOwner } from "./channel-failure-notice.ts";
import { deliverThroughChannels, type ChannelFailure } from "./deliver-through-channels.ts";
import { releaseEnvelope, reminderEnvelope } from "./phone-envelopes.ts";
import { ownerReminderRoute, sendOwnerReminder } from "./send-owner-reminder.ts";
import { reminderPush } from "../../push/reminder-push.ts";

/** What a send through the channels reads of its delivery. */
type DeliveryRow = Pick<typeof deliveries.$inferSelect, "id" | "attempts" | "kind" | "recipientId" | "address">;

/** What the engine knows about the work (its WorkContext, reduced to what the channels need). */
export interface WorkFacts {
  reminderId: string;
  messageId: string;
  conditionId: string;
  ownerId: string;
  ownerName: string;
  ownerFirstName: string;
  /** The deadline in the owner's zone, as the reminder e-mail words it. */
  deadlineText: string;
  /** The deadline itself and the owner's zone, for the reminder's push (which words it shorter). */
  deadline: Date;
  timeZone: string;
  emergency: boolean;
}

/**
 * The engine's one call per delivery (docs/decisions/014, "Wiring into the engine"): a recipient's
 * release goes through their channels in order, the owner's reminder to every chosen channel; the
 * engine keeps rendering the e-mail (`mail`) and the link. Each attempt is logged here, so the engine
 * writes no reminder_delivery_log row of its own for these. The answer is the delivery's new status:
 * sent, pending (try again under the retry policy) or failed (every channel failed for good).
 */
export async function sendWorkDelivery({
  db,
  clock,
  config,
  channels,
  masterKeys,
  tellOwner,
  work,
  delivery,
  mail,
  link,
  responseData,
}: {
  db: Db;
  clock: Clock;
  config: Config;
  channels: Channels;
  masterKeys: MasterKeys;
  tellOwner: TellOwner;
  work: WorkFacts;
  delivery: DeliveryRow;
  mail: Mail;
  link: string;
  responseData: Record<string, unknown>;
}): Promise<{ status: "sent" | "pending" | "failed"; error: string | null; retryAfterMs?: number }> {
  const base = {
    deliveryId: delivery.id,
    reminderId: work.reminderId,
    messageId: work.messageId,
    conditionId: work.conditionId,
    ownerId: work.ownerId,
    attempt: delivery.attempts + 1,
    responseData,
  };
  const email = (to: string, purpose: Envelope["purpose"]): Envelope => ({
    to,
    purpose,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
  });

  if (delivery.kind === "reminder") {
    const route = await ownerReminderRoute({ db, config, channels, userId: work.ownerId });
    const result = await sendOwnerReminder({
      db,
      clock,
      channels,
      delivery: base,
      route,
      envelopeFor: (channel, to) =>
        channel === "email"
          ? email(to, "owner_reminder")
          : reminderEnvelope({ channel, to, firstName: work.ownerFirstName, deadline: work.deadlineText, link }),
      tellOwner,
      push: {
        ...reminderPush({
          conditionId: work.conditionId,
          deadline: work.deadline,
          timeZone: work.timeZone,
          now: clock.now(),
        }),
        masterKeys,
        siteUrl: config.SITE_URL,
      },
    });
    return { status: result.status === "retry" ? "pending" : result.status, error: result.error, ...waitOf(result) };
  }

  const [row] = delivery.recipientId
    ? await db.select().from(recipients).where(eq(recipients.id, delivery.recipientId))
    : [];
  // A recipient deleted since the release: the address written at release time, by e-mail.
  const recipient = row
    ? {
        id: row.id,
        name: recipientName(masterKeys, row),
        email: row.email,
        phone: row.phone,
        channels: row.channels as ChannelId[],
      }
    : { id: null, name: "a recipient", email: delivery.address || null, phone: null, channels: ["email" as const] };
  const result = await deliverThroughChannels({
    db,
    clock,
    channels,
    delivery: { ...base, recipient },
    envelopeFor: (channel, to) =>
      channel === "email"
        ? email(to, "release")
        : releaseEnvelope({ channel, to, ownerName: work.ownerName, link, emergency: work.emergency }),
    tellOwner,
  });
  if (result.status === "sent") return { status: "sent", error: null };
  return { status: result.status === "retry" ? "pending" : "failed", error: result.error, ...waitOf(result) };
}

/** The longest wait a provider asked for in this attempt, for a delivery to be tried again. */
function waitOf(result: { status: string; failures: ChannelFailure[] }): { retryAfterMs?: number } {
  const waits = result.failures.flatMap((f) => (f.retryAfterMs ? [f.retryAfterMs] : []));
  return result.status === "retry" && waits.length > 0 ? { retryAfterMs: Math.max(...waits) } : {};
}
