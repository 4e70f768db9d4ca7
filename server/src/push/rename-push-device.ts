import type { PushDevice } from "@trigger-switch/contracts";
import { and, eq } from "drizzle-orm";
import type { Db } from "../db/connect.ts";
import { pushDevices } from "../db/schema.ts";
import { findOwnedDevice } from "./find-owned-device.ts";
import { toPushDeviceDto } from "./to-push-device-dto.ts";

/** Renames one of the owner's devices; another owner's is not found. */
export async function renamePushDevice({
  db,
  userId,
  deviceId,
  name,
}: {
  db: Db;
  userId: string;
  deviceId: string;
  name: string;
}): Promise<PushDevice> {
  const device = await findOwnedDevice({ db, userId, deviceId });
  const [row] = await db
    .update(pushDevices)
    .set({ name })
    .where(and(eq(pushDevices.id, device.id), eq(pushDevices.userId, userId)))
    .returning();
  // Removed between the two statements: the same answer as for a device already gone.
  return toPushDeviceDto(row ?? (await findOwnedDevice({ db, userId, deviceId })));
}
