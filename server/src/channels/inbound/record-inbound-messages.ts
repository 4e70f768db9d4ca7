import type { Clock } from "../../clock.ts";
import type { Db } from "../../db/connect.ts";
import { inboundMessages } from "../../db/schema.ts";
import type { InboundMessage } from "./inbound-message.ts";

/**
 * Records a webhook's messages in the inbox, in one statement, and nothing else: this is all the
 * webhook does before it answers (the processor handles them, create-inbox-processor.ts). The
 * unique (channel, provider id) key makes a repeated delivery — in the same body, a burst, or
 * days later — record nothing. Returns how many were new.
 */
export async function recordInboundMessages({
  db,
  clock,
  messages,
}: {
  db: Db;
  clock: Clock;
  messages: readonly InboundMessage[];
}): Promise<number> {
  if (messages.length === 0) return 0;
  const receivedAt = clock.now();
  const rows = await db
    .insert(inboundMessages)
    .values(
      messages.map((m) => ({
        channel: m.channel,
        providerMessageId: m.providerMessageId,
        fromNumber: m.from,
        text: m.text,
        kind: m.kind,
        sentAt: m.sentAt,
        receivedAt,
      })),
    )
    .onConflictDoNothing()
    .returning({ id: inboundMessages.id });
  return rows.length;
}
