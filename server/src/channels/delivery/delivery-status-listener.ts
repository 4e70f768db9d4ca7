import { and, eq, inArray, sql } from "drizzle-orm";
import type { Clock } from "../../clock.ts";
import type { MasterKeys } from "../../crypto/master-keys.ts";
import { deliveries, messages, recipients, reminderDeliveryLog, reminderSchedule } from "../../db/schema.ts";
import { recipientName } from "../../recipients/seal-recipient.ts";
import type { ChannelId, StatusListener } from "../channel.ts";
import { addressOn, type RecipientRoute } from "./deliver-through-channels.ts";
import type { TellOwner } from "./channel-failure-notice.ts";

/** A later word never moves a status back (a "delivered" that arrives after "read"). */
const RANK = { sent: 0, delivered: 1, read: 2, failed: 3 } as const;

/**
 * Receipts of deliveries (docs/decisions/014): a provider's status webhook moves the attempt's
 * reminder_delivery_log row to delivered, read or failed, in the receipt's transaction.
 *
 * A failure the provider reports only later (not on WhatsApp, 131026; outside the window, 131047;
 * an unreachable phone) reopens a recipient's delivery for the engine: for good → the next
 * channel, or the release parked when none is left, with the owner told; temporary → the same
 * channel again, under the engine's retry policy. The owner's own reminders are not resent (they
 * went to every chosen channel at once); a reminder channel that fails for good is told to the owner.
 */
export function deliveryStatusListener({
  clock,
  masterKeys,
  tellOwner,
}: {
  clock: Clock;
  masterKeys: MasterKeys;
  tellOwner: TellOwner;
}): StatusListener {
  return async (update, tx) => {
    const rows = await tx
      .select({ log: reminderDeliveryLog, delivery: deliveries })
      .from(reminderDeliveryLog)
      .leftJoin(deliveries, eq(deliveries.id, reminderDeliveryLog.deliveryId))
      .where(
        and(
          eq(reminderDeliveryLog.deliveryChannel, update.channel),
          eq(reminderDeliveryLog.providerMessageId, update.providerMessageId),
        ),
      )
      .for("update", { of: reminderDeliveryLog });
    const now = clock.now();
    for (const { log, delivery } of rows) {
      if (RANK[update.status] <= RANK[log.deliveryStatus]) continue;
      const permanent = update.error?.permanent ?? true;
      await tx
        .update(reminderDeliveryLog)
        .set({
          deliveryStatus: update.status,
          statusAt: update.occurredAt,
          ...(update.status === "failed"
            ? {
                error: reasonOf(update).slice(0, 500),
                responseData: sql`${reminderDeliveryLog.responseData} || ${JSON.stringify({ permanent, error_code: update.error?.code ?? null, provider_status: update.providerStatus })}::jsonb`,
              }
            : {}),
        })
        .where(eq(reminderDeliveryLog.id, log.id));
      if (update.status !== "failed" || !delivery) continue;
      // Wait for an engine settling this delivery right now (settle-work.ts), so that one of the two
      // sees the other: this receipt the settled row, or the engine this failure (reopenFailedInFlight).
      await tx.select({ id: deliveries.id }).from(deliveries).where(eq(deliveries.id, delivery.id)).for("update");

      if (delivery.kind === "release") {
        const route = await routeOf(tx, masterKeys, delivery.recipientId);
        if (permanent) {
          const failedBefore = await tx
            .selectDistinct({ channel: reminderDeliveryLog.deliveryChannel })
            .from(reminderDeliveryLog)
            .where(
              and(
                eq(reminderDeliveryLog.deliveryId, delivery.id),
                eq(reminderDeliveryLog.deliveryStatus, "failed"),
                sql`(${reminderDeliveryLog.responseData}->>'permanent')::boolean is true`,
              ),
            );
          const spent = new Set<string>([...failedBefore.map((r) => r.channel), update.channel]);
          const next = route ? (route.channels.find((c) => !spent.has(c) && addressOn(route, c)) ?? null) : null;
          await tellOwner(
            {
              ownerId: await ownerOf(tx, log.messageId),
              messageId: log.messageId,
              deliveryId: delivery.id,
              kind: "release",
              recipientName: route?.name ?? "a recipient",
              channel: update.channel,
              address: log.recipient,
              reason: reasonOf(update),
              next,
            },
            tx,
          );
          if (!next) {
            // Nothing left to try: the delivery failed for good, and its row goes back to the engine,
            // which parks it as it parks the same failure answered at once (admins told; the owner
            // heard of it once, just above). A delivery the engine holds right now is left to it:
            // it sees this failure when it settles (reopenFailedInFlight).
            await tx
              .update(deliveries)
              .set({ status: "failed", lastError: `${update.channel}: ${reasonOf(update)}`.slice(0, 500) })
              .where(and(eq(deliveries.id, delivery.id), inArray(deliveries.status, ["sent", "failed"])));
            await reopenRow(tx, delivery.reminderId, now);
            continue;
          }
        }
        await reopen(tx, delivery.id, delivery.reminderId, now);
      } else if (delivery.kind === "reminder" && permanent) {
        await tellOwner(
          {
            ownerId: await ownerOf(tx, log.messageId),
            messageId: log.messageId,
            deliveryId: delivery.id,
            kind: "reminder",
            recipientName: "you",
            channel: update.channel,
            address: log.recipient,
            reason: reasonOf(update),
            next: null,
          },
          tx,
        );
      }
    }
  };
}

type Tx = Parameters<StatusListener>[1];

const reasonOf = (update: Parameters<StatusListener>[0]) =>
  update.error ? `${update.error.message} (${update.error.code})` : `the provider reported "${update.providerStatus}"`;

async function ownerOf(tx: Tx, messageId: string): Promise<string> {
  const [m] = await tx.select({ userId: messages.userId }).from(messages).where(eq(messages.id, messageId));
  return m!.userId;
}

async function routeOf(tx: Tx, masterKeys: MasterKeys, recipientId: string | null): Promise<RecipientRoute | null> {
  if (!recipientId) return null;
  const [r] = await tx.select().from(recipients).where(eq(recipients.id, recipientId));
  if (!r) return null;
  return {
    id: r.id,
    name: recipientName(masterKeys, r),
    email: r.email,
    phone: r.phone,
    channels: r.channels as ChannelId[],
  };
}

/**
 * Hands the delivery back to the engine: pending again, and its schedule row due now. A row the
 * engine already finished goes back to pending; its release was committed (`released_at`), so the
 * engine only sends the deliveries still pending.
 */
export async function reopen(tx: Tx, deliveryId: string, reminderId: string | null, now: Date): Promise<void> {
  await tx
    .update(deliveries)
    .set({ status: "pending", lastError: null })
    .where(and(eq(deliveries.id, deliveryId), inArray(deliveries.status, ["sent", "failed"])));
  await reopenRow(tx, reminderId, now);
}

/** The schedule row due again now, so the engine settles it from its deliveries as they now stand. */
async function reopenRow(tx: Tx, reminderId: string | null, now: Date): Promise<void> {
  if (!reminderId) return;
  await tx
    .update(reminderSchedule)
    .set({
      status: "pending",
      nextAttemptAt: now,
      completedAt: null,
      lockedUntil: null,
      claimedBy: null,
      updatedAt: now,
    })
    .where(and(eq(reminderSchedule.id, reminderId), inArray(reminderSchedule.status, ["sent", "parked"])));
}

/**
 * Deliveries the engine has just settled as sent whose provider reported, while the send was still
 * in flight, that this attempt failed: the receipt's reopen found the delivery pending (the engine's)
 * and could not act, so the engine hands them back here, in its settling transaction, as reopen()
 * would have. A delivery is handed back only when no channel of the attempt still stands (an e-mail
 * or SMS that took it after a refused WhatsApp keeps it sent).
 */
export async function reopenFailedInFlight(tx: Tx, deliveryIds: readonly string[], now: Date): Promise<number> {
  if (deliveryIds.length === 0) return 0;
  const attemptRows = (status: "failed" | "standing") =>
    sql`select 1 from ${reminderDeliveryLog} l where l.delivery_id = ${deliveries.id} and l.attempt = ${deliveries.attempts}
      and ${status === "failed" ? sql`l.delivery_status = 'failed' and l.provider_message_id is not null` : sql`l.delivery_status <> 'failed'`}`;
  const failed = await tx
    .select({ id: deliveries.id, reminderId: deliveries.reminderId })
    .from(deliveries)
    .where(
      and(
        inArray(deliveries.id, [...deliveryIds]),
        eq(deliveries.kind, "release"),
        eq(deliveries.status, "sent"),
        sql`exists (${attemptRows("failed")})`,
        sql`not exists (${attemptRows("standing")})`,
      ),
    );
  for (const d of failed) await reopen(tx, d.id, d.reminderId, now);
  return failed.length;
}
