import { and, inArray } from "drizzle-orm";
import type { Tx } from "../db/connect.ts";
import { deliveries } from "../db/schema.ts";
import { chunked } from "./chunked.ts";

/** Rows whose deliveries, as the database now has them, are not all done: one is pending again or failed. */
export async function deliveriesMovedOn(tx: Tx, rowIds: string[]): Promise<Set<string>> {
  const found = new Set<string>();
  for (const ids of chunked(rowIds, 5000)) {
    const rows = await tx
      .selectDistinct({ reminderId: deliveries.reminderId })
      .from(deliveries)
      .where(and(inArray(deliveries.reminderId, ids), inArray(deliveries.status, ["pending", "failed"])));
    for (const r of rows) if (r.reminderId) found.add(r.reminderId);
  }
  return found;
}
