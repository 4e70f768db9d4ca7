import { and, inArray } from "drizzle-orm";
import type { Tx } from "../db/connect.ts";
import { inIds } from "../db/in-ids.ts";
import { deliveries } from "../db/schema.ts";
import { chunked } from "./chunked.ts";
import { rowDeliveries, type WorkContext } from "./work-types.ts";

/**
 * Rows of which a delivery they are settled by (rowDeliveries) is, as the database now has it, not
 * done: pending again or failed.
 * Read by the deliveries' own ids: a row's deliveries are all written when it is released, so its
 * context holds every one, and a lookup by primary key stays an index lookup whatever the planner
 * believes of the table (read by release, it was planned as a scan of the whole table while the
 * table's statistics lagged a burst of inserts).
 */
export async function deliveriesMovedOn(tx: Tx, contexts: WorkContext[]): Promise<Set<string>> {
  const ids = contexts.flatMap((ctx) => rowDeliveries(ctx).map((d) => d.id));
  const found = new Set<string>();
  for (const part of chunked(ids, 5000)) {
    const rows = await tx
      .selectDistinct({ reminderId: deliveries.reminderId })
      .from(deliveries)
      .where(and(inIds(deliveries.id, part), inArray(deliveries.status, ["pending", "failed"])));
    for (const r of rows) if (r.reminderId) found.add(r.reminderId);
  }
  return found;
}
