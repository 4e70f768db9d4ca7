import { and, eq, gt, ne } from "drizzle-orm";
import type { Db } from "../../db/connect.ts";
import { inboundMessages } from "../../db/schema.ts";

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Whether another message from this number got this outcome in the day before `at`: explanations
 * (to a stranger, to a contact writing something else) go once a day, so someone's texts never make
 * us send without end.
 */
export async function answeredLately(
  tx: Db,
  { number, outcome, at, except }: { number: string; outcome: string; at: Date; except: string },
): Promise<boolean> {
  const [earlier] = await tx
    .select({ id: inboundMessages.id })
    .from(inboundMessages)
    .where(
      and(
        eq(inboundMessages.fromNumber, number),
        eq(inboundMessages.outcome, outcome),
        gt(inboundMessages.receivedAt, new Date(at.getTime() - DAY_MS)),
        ne(inboundMessages.id, except),
      ),
    )
    .limit(1);
  return earlier !== undefined;
}
