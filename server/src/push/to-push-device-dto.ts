import type { PushDevice } from "@trigger-switch/contracts";
import type { pushDevices } from "../db/schema.ts";

/** A device as the owner sees it: never its endpoint, keys or credential hash. */
export const toPushDeviceDto = (row: typeof pushDevices.$inferSelect): PushDevice => ({
  id: row.id,
  name: row.name,
  created_at: row.createdAt.toISOString(),
  last_push_at: row.lastPushAt?.toISOString() ?? null,
  last_check_in_at: row.lastCheckInAt?.toISOString() ?? null,
});
