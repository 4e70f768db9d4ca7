import { eq } from "drizzle-orm";
import type { Clock } from "../clock.ts";
import type { Db } from "../db/connect.ts";
import { pushDevices } from "../db/schema.ts";
import { checkIn, type CheckInResult } from "../engine/check-in.ts";
import { hashSecretToken } from "../engine/secret-token.ts";
import { AppError } from "../errors.ts";

export const INVALID_DEVICE_CREDENTIAL =
  "This device's notification check-in is not valid any more (the device was removed). Open Trigger Switch to check in, and turn notifications on again there.";

/**
 * "I'm OK" from a notification: the device's credential checks its owner in, through the same
 * check_in the app's button runs (so the open app hears of it live), and nothing else. The lookup is
 * by the credential's SHA-256 on a unique index: equality on a hash of 256 random bits gives a
 * timing observer nothing to learn. Unlike a reminder link it is not used up: the device keeps it
 * until it is removed.
 */
export async function checkInWithDevice({
  db,
  clock,
  credential,
}: {
  db: Db;
  clock: Clock;
  credential: string;
}): Promise<CheckInResult & { deviceId: string }> {
  const now = clock.now();
  return db.transaction(async (tx) => {
    const [device] = await tx
      .update(pushDevices)
      .set({ lastCheckInAt: now })
      .where(eq(pushDevices.checkInHash, hashSecretToken(credential)))
      .returning({ id: pushDevices.id, userId: pushDevices.userId });
    if (!device) throw new AppError("unauthorized", INVALID_DEVICE_CREDENTIAL);
    const result = await checkIn({ db: tx, clock, userId: device.userId, source: "push" });
    return { ...result, deviceId: device.id };
  });
}
