import { and, eq, sql } from "drizzle-orm";
import type { Clock } from "../../clock.ts";
import type { Db } from "../../db/connect.ts";
import { reminderDeliveryLog } from "../../db/schema.ts";
import { ChannelError, type ChannelId, type Channels, type Envelope, type Receipt } from "../channel.ts";
import type { TellOwner } from "./channel-failure-notice.ts";
import { recordSentAttempt } from "./record-sent-attempt.ts";

/** A recipient as the dispatcher needs them: their addresses and channels in the order they chose. */
export interface RecipientRoute {
  id: string | null;
  /** Opened (not sealed): the owner's notice names them. */
  name: string;
  email: string | null;
  phone: string | null;
  channels: readonly ChannelId[];
}

/** One engine delivery (a `deliveries` row) to one recipient. */
export interface ChannelDelivery {
  deliveryId: string;
  reminderId: string | null;
  messageId: string;
  conditionId: string | null;
  ownerId: string;
  recipient: RecipientRoute;
  /** The engine's attempt number of this delivery, 1-based (reminder_delivery_log.attempt). */
  attempt: number;
  /** The spec's response_data fields (emergency, triggered_by, …); `fallback_method` is set here. */
  responseData: Record<string, unknown>;
}

export interface ChannelFailure {
  channel: ChannelId;
  address: string;
  reason: string;
  code: string | null;
  permanent: boolean;
  /** How long the provider asked us to wait (Retry-After), when it did. */
  retryAfterMs?: number;
}

/**
 * sent: a provider took it (its receipts follow); retry: a temporary failure on `channel`, to be
 * tried again there when the engine's retry policy says; failed: every channel failed for good.
 */
export type DispatchResult =
  | {
      status: "sent";
      channel: ChannelId;
      receipt: Receipt;
      fallbackMethod: ChannelId | null;
      failures: ChannelFailure[];
    }
  | { status: "retry"; channel: ChannelId; error: string; failures: ChannelFailure[] }
  | { status: "failed"; error: string; failures: ChannelFailure[] };

/** What to send on one channel: the engine renders e-mail; `phoneEnvelope` renders WhatsApp and SMS. */
export type EnvelopeFor = (channel: ChannelId, to: string) => Envelope;

export const addressOn = (recipient: Pick<RecipientRoute, "email" | "phone">, channel: ChannelId): string | null =>
  channel === "email" ? recipient.email : recipient.phone;

/**
 * Sends one delivery through the recipient's channels in their order (docs/decisions/014):
 * - a channel that already failed for good for this delivery (now, in an earlier attempt, or by a
 *   provider's failed status later) is skipped;
 * - a temporary failure stops here with `retry`: the same channel is tried again first;
 * - a permanent failure is logged, the owner is told (in the same transaction), and the next
 *   channel is tried at once; the channel that finally takes it is `fallback_method`.
 * Every attempt is a row of reminder_delivery_log, with the provider's id its receipts update.
 */
export async function deliverThroughChannels({
  db,
  clock,
  channels,
  delivery,
  envelopeFor,
  tellOwner,
}: {
  db: Db;
  clock: Clock;
  channels: Channels;
  delivery: ChannelDelivery;
  envelopeFor: EnvelopeFor;
  tellOwner: TellOwner;
}): Promise<DispatchResult> {
  const { recipient } = delivery;
  const route = recipient.channels.filter((c) => addressOn(recipient, c));
  const spentReasons = await channelsFailedForGood(db, delivery.deliveryId);
  const spent = new Set(spentReasons.keys());
  const failures: ChannelFailure[] = [];
  const log = (
    channel: ChannelId,
    address: string,
    status: "sent" | "failed",
    extra: { receipt?: Receipt; failure?: ChannelFailure },
  ) => {
    const at = clock.now();
    return {
      reminderId: delivery.reminderId,
      deliveryId: delivery.deliveryId,
      messageId: delivery.messageId,
      conditionId: delivery.conditionId,
      recipientId: recipient.id,
      recipient: address,
      deliveryChannel: channel,
      deliveryStatus: status,
      responseData: {
        ...delivery.responseData,
        fallback_method: channel === route[0] ? null : channel,
        permanent: extra.failure?.permanent ?? false,
        ...(extra.receipt ? { form: extra.receipt.form, kept_locally: extra.receipt.local === true } : {}),
        ...(extra.failure?.code ? { error_code: extra.failure.code } : {}),
      },
      error: extra.failure?.reason ?? null,
      attempt: delivery.attempt,
      providerMessageId: extra.receipt?.providerMessageId ?? null,
      statusAt: at,
      createdAt: at,
    };
  };

  const remaining = route.filter((c) => !spent.has(c));
  for (const [i, channel] of remaining.entries()) {
    const address = addressOn(recipient, channel)!;
    let receipt: Receipt;
    try {
      receipt = await channels.get(channel).send(envelopeFor(channel, address));
    } catch (err) {
      const failure = asFailure(channel, address, err);
      failures.push(failure);
      if (!failure.permanent) {
        await db.insert(reminderDeliveryLog).values(log(channel, address, "failed", { failure }));
        return { status: "retry", channel, error: `${channel}: ${failure.reason}`, failures };
      }
      const next = remaining[i + 1] ?? null;
      await db.transaction(async (tx) => {
        await tx.insert(reminderDeliveryLog).values(log(channel, address, "failed", { failure }));
        await tellOwner(
          {
            ownerId: delivery.ownerId,
            messageId: delivery.messageId,
            deliveryId: delivery.deliveryId,
            kind: "release",
            recipientName: recipient.name,
            channel,
            address,
            reason: failure.reason,
            next,
          },
          tx,
        );
      });
      continue;
    }
    const recorded = await recordSentAttempt({
      db,
      row: log(channel, address, "sent", { receipt }),
      listeners: channels.statusListeners(),
    });
    if (recorded.status !== "failed")
      return { status: "sent", channel, receipt, fallbackMethod: channel === route[0] ? null : channel, failures };
    // The provider reported a failure before the attempt was even logged: its receipt has already told
    // the owner, so act on it here as on a refused send.
    const failure = {
      channel,
      address,
      reason: recorded.error ?? "failed",
      code: null,
      permanent: recorded.permanent,
    };
    failures.push(failure);
    if (!failure.permanent) return { status: "retry", channel, error: `${channel}: ${failure.reason}`, failures };
  }
  const why =
    route.length === 0
      ? "This recipient has no address for any of their channels."
      : `Every channel failed: ${failures.map((f) => `${f.channel}: ${f.reason}`).join("; ") || earlier(spentReasons)}`;
  return { status: "failed", error: why.slice(0, 500), failures };
}

/**
 * Channels a delivery may not use again, each with why: a permanent failure, at send time or from
 * a receipt (the provider's word, so a delivery parked by a later receipt says what failed).
 */
export async function channelsFailedForGood(db: Db, deliveryId: string): Promise<Map<ChannelId, string>> {
  const rows = await db
    .select({ channel: reminderDeliveryLog.deliveryChannel, error: reminderDeliveryLog.error })
    .from(reminderDeliveryLog)
    .where(
      and(
        eq(reminderDeliveryLog.deliveryId, deliveryId),
        eq(reminderDeliveryLog.deliveryStatus, "failed"),
        sql`(${reminderDeliveryLog.responseData}->>'permanent')::boolean is true`,
      ),
    )
    .orderBy(reminderDeliveryLog.createdAt);
  return new Map(rows.map((r) => [r.channel as ChannelId, r.error ?? "failed"]));
}

const earlier = (spent: Map<ChannelId, string>) =>
  spent.size === 0
    ? "each failed in an earlier attempt"
    : [...spent].map(([channel, reason]) => `${channel}: ${reason}`).join("; ");

function asFailure(channel: ChannelId, address: string, err: unknown): ChannelFailure {
  if (err instanceof ChannelError)
    return {
      channel,
      address,
      reason: err.message.slice(0, 500),
      code: err.code ?? null,
      permanent: err.permanent,
      ...(err.retryAfterMs ? { retryAfterMs: err.retryAfterMs } : {}),
    };
  // Not the channel's own word (a bug, a rendering error): temporary, so it is retried and logged, never skipped.
  return {
    channel,
    address,
    reason: (err instanceof Error ? err.message : String(err)).slice(0, 500),
    code: null,
    permanent: false,
  };
}
