import type { Clock } from "../clock.ts";
import type { MasterKeys } from "../crypto/master-keys.ts";
import type { Db } from "../db/connect.ts";
import { AppError } from "../errors.ts";
import { findOwnedDevice } from "./find-owned-device.ts";
import { PushRefused, type PushSender } from "./push-sender.ts";
import { pushToDevice } from "./push-to-device.ts";
import { toPushDeviceDto } from "./to-push-device-dto.ts";

/**
 * "Send a test notification" from Security. The answer says only what is known: the push service
 * took it (whether the browser shows it is up to the browser and its settings), or it refused and
 * why; a subscription that is gone removes the device.
 */
export async function sendTestPush({
  db,
  clock,
  masterKeys,
  siteUrl,
  sender,
  userId,
  deviceId,
}: {
  db: Db;
  clock: Clock;
  masterKeys: MasterKeys;
  siteUrl: string;
  sender: PushSender;
  userId: string;
  deviceId: string;
}) {
  const device = await findOwnedDevice({ db, userId, deviceId });
  try {
    await pushToDevice({
      db,
      clock,
      masterKeys,
      siteUrl,
      sender,
      device,
      payload: {
        kind: "test",
        title: "Trigger Switch",
        body: `Notifications work on "${device.name}". Your reminders can come here.`,
        tag: `test:${device.id}`,
      },
      opts: { ttlSeconds: 5 * 60, urgency: "normal" },
    });
  } catch (err) {
    if (!(err instanceof PushRefused)) throw err;
    const message = err.gone
      ? `The push service no longer knows "${device.name}" (notifications were turned off or the browser's data cleared), so we removed it. Turn notifications on again on that device.`
      : `The push service did not take the test notification: ${err.message}. Try again in a moment.`;
    throw new AppError(err.gone ? "not_found" : "unavailable", message);
  }
  return toPushDeviceDto(await findOwnedDevice({ db, userId, deviceId }));
}
