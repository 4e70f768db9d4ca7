import { sql } from "drizzle-orm";
import type { Tx } from "../db/connect.ts";

/**
 * Whether the owner has already heard, by name, of every recipient of this release who did not
 * receive it: each such delivery failed for good through the channel layer, which queued its
 * "… has not received your message" notice (channel-failure-notice.ts). Then that notice is the
 * owner's one true word on it, and the parked row's owner mail would only repeat it in vaguer
 * terms. A delivery that ran out of retries, or a release with nobody to deliver to, was told
 * to nobody yet: false.
 */
export async function ownerToldOfEveryFailure(tx: Tx, reminderId: string): Promise<boolean> {
  const result = await tx.execute(
    sql`select count(*)::int as missed,
      count(*) filter (where not exists (
        select 1 from deliveries n where n.kind = 'notice' and n.idempotency_key like 'notice:channel-failure:' || d.id::text || ':%'
      ))::int as untold
    from deliveries d where d.reminder_id = ${reminderId} and d.kind = 'release' and d.status <> 'sent'`,
  );
  const [row] = (result as unknown as { rows: { missed: number; untold: number }[] }).rows;
  return Number(row?.missed ?? 0) > 0 && Number(row?.untold ?? 0) === 0;
}
