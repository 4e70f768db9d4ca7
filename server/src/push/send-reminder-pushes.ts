import type { PushPayload } from "@trigger-switch/contracts";
import { and, eq, inArray } from "drizzle-orm";
import type { Clock } from "../clock.ts";
import type { MasterKeys } from "../crypto/master-keys.ts";
import type { Db } from "../db/connect.ts";
import { reminderDeliveryLog } from "../db/schema.ts";
import { PushRefused, type PushSender } from "./push-sender.ts";
import { pushToDevice, type DeviceToPush } from "./push-to-device.ts";

/** The reminder delivery the pushes belong to, as reminder_delivery_log records it. */
export interface PushedDelivery {
  deliveryId: string;
  reminderId: string | null;
  messageId: string;
  conditionId: string | null;
  attempt: number;
  responseData: Record<string, unknown>;
}

/** How the pushes went: `retry` names a temporary failure (the reminder is tried again, on the devices still to take it). */
export interface ReminderPushesResult {
  taken: number;
  retry: string | null;
}

/**
 * A reminder pushed to each of the owner's devices at once. Each attempt is a row of
 * reminder_delivery_log (channel `push`, the device id as its address), so a retry of the reminder
 * pushes only to the devices that have not taken it. A subscription gone (404/410) removes the device
 * (pushToDevice) and is final for it; any other refusal but a permanent 4xx is temporary.
 */
export async function sendReminderPushes({
  db,
  clock,
  masterKeys,
  siteUrl,
  sender,
  devices,
  delivery,
  payload,
  ttlSeconds,
}: {
  db: Db;
  clock: Clock;
  masterKeys: MasterKeys;
  siteUrl: string;
  sender: PushSender;
  devices: DeviceToPush[];
  delivery: PushedDelivery;
  payload: PushPayload;
  ttlSeconds: number;
}): Promise<ReminderPushesResult> {
  if (devices.length === 0) return { taken: 0, retry: null };
  const done = await db
    .selectDistinct({ device: reminderDeliveryLog.recipient })
    .from(reminderDeliveryLog)
    .where(
      and(
        eq(reminderDeliveryLog.deliveryId, delivery.deliveryId),
        eq(reminderDeliveryLog.deliveryChannel, "push"),
        inArray(reminderDeliveryLog.deliveryStatus, ["sent", "delivered", "read"]),
      ),
    );
  const taken = new Set(done.map((d) => d.device));
  const outcomes = await Promise.all(
    devices
      .filter((d) => !taken.has(d.id))
      .map(async (device) => {
        let refusal: PushRefused | null = null;
        try {
          await pushToDevice({
            db,
            clock,
            masterKeys,
            siteUrl,
            sender,
            device,
            payload,
            opts: { ttlSeconds, urgency: "high" },
          });
        } catch (err) {
          refusal =
            err instanceof PushRefused
              ? err
              : new PushRefused(err instanceof Error ? err.message : String(err), null, false, false);
        }
        const at = clock.now();
        await db.insert(reminderDeliveryLog).values({
          reminderId: delivery.reminderId,
          deliveryId: delivery.deliveryId,
          messageId: delivery.messageId,
          conditionId: delivery.conditionId,
          recipient: device.id,
          deliveryChannel: "push",
          deliveryStatus: refusal ? "failed" : "sent",
          responseData: {
            ...delivery.responseData,
            fallback_method: null,
            permanent: refusal?.permanent ?? false,
            ...(refusal?.status ? { error_code: String(refusal.status) } : {}),
          },
          error: refusal?.message.slice(0, 500) ?? null,
          attempt: delivery.attempt,
          statusAt: at,
          createdAt: at,
        });
        return refusal;
      }),
  );
  const temporary = outcomes.find((r) => r !== null && !r.permanent);
  return {
    taken: taken.size + outcomes.filter((r) => r === null).length,
    retry: temporary ? `push: ${temporary.message}` : null,
  };
}
