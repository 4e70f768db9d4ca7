import type { PushDevices } from "@trigger-switch/contracts";
import { asc, eq } from "drizzle-orm";
import type { Db } from "../db/connect.ts";
import { pushDevices } from "../db/schema.ts";
import { toPushDeviceDto } from "./to-push-device-dto.ts";

/** The owner's devices with notifications on, oldest first. */
export async function listPushDevices({ db, userId }: { db: Db; userId: string }): Promise<PushDevices> {
  const rows = await db
    .select()
    .from(pushDevices)
    .where(eq(pushDevices.userId, userId))
    .orderBy(asc(pushDevices.createdAt), asc(pushDevices.id));
  return { devices: rows.map(toPushDeviceDto) };
}
