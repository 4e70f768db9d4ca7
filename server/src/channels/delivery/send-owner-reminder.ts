import { and, eq, inArray } from "drizzle-orm";
import { limitsFor } from "../../billing/limits-for.ts";
import type { Clock } from "../../clock.ts";
import type { Config } from "../../config.ts";
import type { MasterKeys } from "../../crypto/master-keys.ts";
import type { Db } from "../../db/connect.ts";
import type { PushPayload } from "@trigger-switch/contracts";
import { profiles, pushDevices, reminderDeliveryLog, users, verifiedNumbers } from "../../db/schema.ts";
import type { DeviceToPush } from "../../push/push-to-device.ts";
import { sendReminderPushes } from "../../push/send-reminder-pushes.ts";
import { ChannelError, type ChannelId, type Channels, type Envelope, type PhoneChannelId } from "../channel.ts";
import type { TellOwner } from "./channel-failure-notice.ts";
import { channelsFailedForGood, type ChannelDelivery, type ChannelFailure } from "./deliver-through-channels.ts";
import { recordSentAttempt } from "./record-sent-attempt.ts";

/** sent: every channel took it or failed for good, at least one took it; retry: one failed for now; failed: none took it. */
export interface ReminderResult {
  status: "sent" | "retry" | "failed";
  error: string | null;
  failures: ChannelFailure[];
}

/** Where an owner's reminders go today: their e-mail, and their proven number on the channels they chose. */
export interface OwnerReminderRoute {
  email: string;
  /** The verified number, or null (then only e-mail). */
  phone: string | null;
  channels: ChannelId[];
  /** The devices to push the reminder to as well (docs/decisions/039); empty unless push is chosen and on here. */
  devices: DeviceToPush[];
}

/**
 * The owner's reminder channels as they apply now (docs/decisions/014): e-mail always; WhatsApp
 * and SMS only while chosen, configured on this server, included in the owner's plan
 * (docs/decisions/018) and sent to a number the owner has proven; Web Push to every device of the
 * owner while chosen and on here (push costs the operator nothing, so no plan limits it). Anything
 * else quietly narrows to e-mail: the reminder must still go out.
 */
export async function ownerReminderRoute({
  db,
  config,
  channels,
  userId,
}: {
  db: Db;
  config: Config;
  channels: Channels;
  userId: string;
}): Promise<OwnerReminderRoute> {
  const [row] = await db
    .select({
      email: users.email,
      number: profiles.whatsappNumber,
      chosen: profiles.reminderChannels,
      proven: verifiedNumbers.number,
    })
    .from(users)
    .leftJoin(profiles, eq(profiles.id, users.id))
    .leftJoin(
      verifiedNumbers,
      and(eq(verifiedNumbers.userId, users.id), eq(verifiedNumbers.number, profiles.whatsappNumber)),
    )
    .where(eq(users.id, userId));
  if (!row) return { email: "", phone: null, channels: ["email"], devices: [] };
  const plan = await limitsFor({ db, config, userId });
  const phone = row.proven ?? null;
  const extra = (row.chosen ?? []).filter(
    (c): c is PhoneChannelId =>
      (c === "whatsapp" || c === "sms") && phone !== null && plan.channels.includes(c) && channels.get(c).available,
  );
  const devices =
    row.chosen?.includes("push") && channels.push.available
      ? await db
          .select({
            id: pushDevices.id,
            endpoint: pushDevices.endpoint,
            p256dh: pushDevices.p256dh,
            auth: pushDevices.auth,
          })
          .from(pushDevices)
          .where(eq(pushDevices.userId, userId))
      : [];
  return { email: row.email, phone, channels: ["email", ...extra], devices };
}

/**
 * One owner reminder on every channel of the route at once (there is no fallback for the owner's
 * own reminder: a missed one can release a message). A retry sends only on the channels that have
 * not taken it yet. `retry` while any channel failed temporarily; `failed` when none took it.
 * Pushes go to the route's devices as well and retry the same way, but never count as taking the
 * reminder: a push service's 201 says nothing about the notification being seen, so an e-mail that
 * failed for good still fails the reminder (docs/decisions/039).
 */
export async function sendOwnerReminder({
  db,
  clock,
  channels,
  delivery,
  route,
  envelopeFor,
  tellOwner,
  push,
}: {
  db: Db;
  clock: Clock;
  channels: Channels;
  delivery: Omit<ChannelDelivery, "recipient">;
  route: OwnerReminderRoute;
  envelopeFor: (channel: ChannelId, to: string) => Envelope;
  tellOwner: TellOwner;
  /** What the devices are sent, with what the removal of a device whose subscription is gone needs. */
  push?: { payload: PushPayload; ttlSeconds: number; masterKeys: MasterKeys; siteUrl: string };
}): Promise<ReminderResult> {
  const spent = await channelsFailedForGood(db, delivery.deliveryId);
  const done = await db
    .selectDistinct({ channel: reminderDeliveryLog.deliveryChannel })
    .from(reminderDeliveryLog)
    .where(
      and(
        eq(reminderDeliveryLog.deliveryId, delivery.deliveryId),
        inArray(reminderDeliveryLog.deliveryStatus, ["sent", "delivered", "read"]),
      ),
    );
  // A device taking a push is not the reminder taken (sendReminderPushes keeps its own account of devices).
  const taken = new Set<string>(done.map((d) => d.channel).filter((c) => c !== "push"));
  const failures: ChannelFailure[] = [];
  let retry: string | null = null;

  // The pushes go alongside the e-mail rather than after it: neither waits on the other's provider.
  const pushing = (
    push && route.devices.length > 0
      ? sendReminderPushes({
          db,
          clock,
          masterKeys: push.masterKeys,
          siteUrl: push.siteUrl,
          sender: channels.push,
          devices: route.devices,
          delivery,
          payload: push.payload,
          ttlSeconds: push.ttlSeconds,
        })
      : Promise.resolve({ taken: 0, retry: null })
  ).then(
    (result) => result,
    (error: unknown) => ({ error }),
  );
  for (const channel of route.channels) {
    if (spent.has(channel) || taken.has(channel)) continue;
    const address = channel === "email" ? route.email : route.phone!;
    const at = clock.now();
    const base = {
      reminderId: delivery.reminderId,
      deliveryId: delivery.deliveryId,
      messageId: delivery.messageId,
      conditionId: delivery.conditionId,
      recipient: address,
      deliveryChannel: channel,
      attempt: delivery.attempt,
      statusAt: at,
      createdAt: at,
    };
    try {
      const receipt = await channels.get(channel).send(envelopeFor(channel, address));
      const recorded = await recordSentAttempt({
        db,
        row: {
          ...base,
          deliveryStatus: "sent",
          providerMessageId: receipt.providerMessageId,
          responseData: { ...delivery.responseData, fallback_method: null, permanent: false, form: receipt.form },
        },
        listeners: channels.statusListeners(),
      });
      if (recorded.status !== "failed") {
        taken.add(channel);
        continue;
      }
      // The provider reported a failure before the attempt was logged; its receipt told the owner already.
      const reason = recorded.error ?? "failed";
      failures.push({ channel, address, reason, code: null, permanent: recorded.permanent });
      if (!recorded.permanent) retry ??= `${channel}: ${reason}`;
    } catch (err) {
      const e = ChannelError.from(channel, err);
      const failure = {
        channel,
        address,
        reason: e.message.slice(0, 500),
        code: e.code ?? null,
        permanent: e.permanent,
      };
      failures.push(failure);
      const row = {
        ...base,
        deliveryStatus: "failed" as const,
        error: failure.reason,
        responseData: {
          ...delivery.responseData,
          fallback_method: null,
          permanent: failure.permanent,
          ...(failure.code ? { error_code: failure.code } : {}),
        },
      };
      if (!failure.permanent) {
        await db.insert(reminderDeliveryLog).values(row);
        retry ??= `${channel}: ${failure.reason}`;
        continue;
      }
      await db.transaction(async (tx) => {
        await tx.insert(reminderDeliveryLog).values(row);
        // The owner's e-mail failing for good is the engine's to report (parked row); a phone channel is told by e-mail.
        if (channel !== "email")
          await tellOwner(
            {
              ownerId: delivery.ownerId,
              messageId: delivery.messageId,
              deliveryId: delivery.deliveryId,
              kind: "reminder",
              recipientName: "you",
              channel,
              address,
              reason: failure.reason,
              next: null,
            },
            tx,
          );
      });
    }
  }
  const pushed = await pushing;
  if ("error" in pushed) throw pushed.error;
  retry ??= pushed.retry;
  if (retry) return { status: "retry", error: retry, failures };
  if (taken.size > 0) return { status: "sent", error: null, failures };
  return {
    status: "failed",
    error:
      failures
        .map((f) => `${f.channel}: ${f.reason}`)
        .join("; ")
        .slice(0, 500) || "No channel to send the reminder on.",
    failures,
  };
}
