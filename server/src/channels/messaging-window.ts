import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../db/connect.ts";
import { messagingWindows } from "../db/schema.ts";
import type { PhoneChannelId } from "./channel.ts";

/** WhatsApp's customer-service window: free text is allowed for 24 hours after the person's last message. */
export const WINDOW_MS = 24 * 60 * 60 * 1000;
/** We close it a little early: our clock and Meta's may disagree, and a refused free text costs a retry. */
const WINDOW_MARGIN_MS = 5 * 60 * 1000;

/** Records that `number` wrote to us at `at` (never moves backwards: webhooks can arrive out of order). */
export async function recordInbound({
  db,
  channel,
  number,
  at,
}: {
  db: Db;
  channel: PhoneChannelId;
  number: string;
  at: Date;
}): Promise<void> {
  await db
    .insert(messagingWindows)
    .values({ channel, number, lastInboundAt: at })
    .onConflictDoUpdate({
      target: [messagingWindows.channel, messagingWindows.number],
      set: { lastInboundAt: sql`greatest(${messagingWindows.lastInboundAt}, excluded.last_inbound_at)` },
    });
}

/** True while free text may go to `number` on `channel`. */
export async function isWindowOpen({
  db,
  channel,
  number,
  now,
}: {
  db: Db;
  channel: PhoneChannelId;
  number: string;
  now: Date;
}): Promise<boolean> {
  const [row] = await db
    .select({ at: messagingWindows.lastInboundAt })
    .from(messagingWindows)
    .where(and(eq(messagingWindows.channel, channel), eq(messagingWindows.number, number)));
  return row !== undefined && now.getTime() - row.at.getTime() < WINDOW_MS - WINDOW_MARGIN_MS;
}
