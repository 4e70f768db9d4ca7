import { and, eq } from "drizzle-orm";
import type { Db } from "../db/connect.ts";
import { pushDevices } from "../db/schema.ts";
import { notFound } from "../errors.ts";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The owner's device, or 404: another owner's device is not found, not forbidden (its existence is not theirs to learn). */
export async function findOwnedDevice({
  db,
  userId,
  deviceId,
}: {
  db: Db;
  userId: string;
  deviceId: string;
}): Promise<typeof pushDevices.$inferSelect> {
  const [row] = UUID.test(deviceId)
    ? await db
        .select()
        .from(pushDevices)
        .where(and(eq(pushDevices.id, deviceId), eq(pushDevices.userId, userId)))
    : [];
  if (!row) throw notFound("No such device: it may have been removed already.");
  return row;
}
