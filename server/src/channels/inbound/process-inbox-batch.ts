import type { Clock } from "../../clock.ts";
import type { Db } from "../../db/connect.ts";
import { claimPendingMessages } from "./claim-pending-messages.ts";
import { handleInboundMessage, type InboundOutcome } from "./handle-inbound-message.ts";
import type { PendingInboundMessage } from "./inbound-message.ts";
import { postponeInboundMessage } from "./postpone-inbound-message.ts";
import { replies } from "./reply-texts.ts";

/** What became of one message of a batch; `reply` is sent only after the batch has committed. */
export type InboxResult =
  | { message: PendingInboundMessage; outcome: InboundOutcome; userId: string | null; reply: string | null }
  | { message: PendingInboundMessage; outcome: "retry"; retryAt: Date; error: string; reply: null }
  | { message: PendingInboundMessage; outcome: "failed"; error: string; reply: string };

/**
 * One step of the inbox: locks up to `limit` due messages and handles each in a savepoint of one
 * transaction, so a message whose handling throws is rolled back alone and postponed (or given up)
 * while the others commit. Every check-in of the batch commits before the caller sends any reply.
 * `more` is true when the batch was full (more may be due).
 */
export async function processInboxBatch({
  db,
  clock,
  siteUrl,
  limit,
}: {
  db: Db;
  clock: Clock;
  siteUrl: string;
  limit: number;
}): Promise<{ results: InboxResult[]; more: boolean }> {
  return db.transaction(async (tx) => {
    const messages = await claimPendingMessages({ tx, now: clock.now(), limit });
    const results: InboxResult[] = [];
    for (const message of messages) {
      try {
        const result = await tx.transaction((savepoint) =>
          handleInboundMessage({ tx: savepoint, clock, siteUrl, message }),
        );
        results.push({ message, ...result });
      } catch (err) {
        const error = err instanceof Error ? err.message : String(err);
        const retryAt = await postponeInboundMessage({ tx, message, now: clock.now(), reason: error });
        results.push(
          retryAt
            ? { message, outcome: "retry", retryAt, error, reply: null }
            : { message, outcome: "failed", error, reply: replies.notHandled(siteUrl) },
        );
      }
    }
    return { results, more: messages.length === limit };
  });
}
