import { and, inArray, ne } from "drizzle-orm";
import type { Tx } from "../db/connect.ts";
import { deliveries } from "../db/schema.ts";
import { chunked } from "./chunked.ts";

/**
 * Rows whose deliveries, as the database now has them, are not all done: one is pending again or
 * failed. The owner's release notice is not one of them (it is settled on its own, release-notices.ts).
 */
export async function deliveriesMovedOn(tx: Tx, rowIds: string[]): Promise<Set<string>> {
  const found = new Set<string>();
  for (const ids of chunked(rowIds, 5000)) {
    const rows = await tx
      .selectDistinct({ reminderId: deliveries.reminderId })
      .from(deliveries)
      .where(
        and(
          inArray(deliveries.reminderId, ids),
          inArray(deliveries.status, ["pending", "failed"]),
          ne(deliveries.kind, "release_notice"),
        ),
      );
    for (const r of rows) if (r.reminderId) found.add(r.reminderId);
  }
  return found;
}
