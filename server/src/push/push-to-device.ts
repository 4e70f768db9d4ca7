import type { PushPayload } from "@trigger-switch/contracts";
import { eq } from "drizzle-orm";
import type { Clock } from "../clock.ts";
import type { MasterKeys } from "../crypto/master-keys.ts";
import type { Db } from "../db/connect.ts";
import { pushDevices } from "../db/schema.ts";
import { PushRefused, type PushSender } from "./push-sender.ts";
import { removePushDevice } from "./remove-push-device.ts";

export interface DeviceToPush {
  id: string;
  endpoint: string;
  p256dh: string;
  auth: string;
}

/**
 * One push to one device, and what it means for the device: accepted → its last_push_at; the
 * subscription gone (404/410) → the device is removed (and the owner told if it was the last one
 * their reminders used). Throws the PushRefused for the caller to record.
 */
export async function pushToDevice({
  db,
  clock,
  masterKeys,
  siteUrl,
  sender,
  device,
  payload,
  opts,
}: {
  db: Db;
  clock: Clock;
  masterKeys: MasterKeys;
  siteUrl: string;
  sender: PushSender;
  device: DeviceToPush;
  payload: PushPayload;
  opts: { ttlSeconds: number; urgency: "normal" | "high" };
}): Promise<void> {
  try {
    await sender.send(device, payload, opts);
  } catch (err) {
    if (err instanceof PushRefused && err.gone)
      await removePushDevice(db, { masterKeys, now: clock.now(), siteUrl, deviceId: device.id, reason: "gone" });
    throw err;
  }
  await db.update(pushDevices).set({ lastPushAt: clock.now() }).where(eq(pushDevices.id, device.id));
}
