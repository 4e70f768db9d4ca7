import type { Clock } from "../../clock.ts";
import type { MasterKeys } from "../../crypto/master-keys.ts";
import type { Db } from "../../db/connect.ts";
import { claimNextMessage } from "./claim-next-message.ts";
import { handleInboundMessage, type InboundOutcome } from "./handle-inbound-message.ts";
import type { PendingInboundMessage } from "./inbound-message.ts";
import { postponeInboundMessage } from "./postpone-inbound-message.ts";
import { replies } from "./reply-texts.ts";

/** What became of a message; `reply` is sent only after its transaction has committed. */
export type InboxResult =
  | { message: PendingInboundMessage; outcome: InboundOutcome; userId: string | null; reply: string | null }
  | { message: PendingInboundMessage; outcome: "retry"; retryAt: Date; error: string; reply: null }
  | { message: PendingInboundMessage; outcome: "failed"; error: string; reply: string };

/**
 * Takes the oldest due message of the inbox and handles it in a transaction of its own, or
 * returns null when none is due. One message per transaction: each touches one sender's rows
 * (window, conditions, reminders), so processes sharing a database never wait on each other in
 * a circle, and PGlite (one transaction at a time) lets a webhook's insert in between.
 * The handling runs in a savepoint: when it throws, it is rolled back alone and the message is
 * postponed (or given up) in the same transaction.
 */
export async function processNextMessage({
  db,
  clock,
  masterKeys,
  siteUrl,
}: {
  db: Db;
  clock: Clock;
  masterKeys: MasterKeys;
  siteUrl: string;
}): Promise<InboxResult | null> {
  return db.transaction(async (tx) => {
    const message = await claimNextMessage({ tx, now: clock.now() });
    if (!message) return null;
    try {
      const result = await tx.transaction((savepoint) =>
        handleInboundMessage({ tx: savepoint, clock, masterKeys, siteUrl, message }),
      );
      return { message, ...result };
    } catch (err) {
      const error = reasonOf(err);
      const retryAt = await postponeInboundMessage({ tx, message, now: clock.now(), reason: error });
      return retryAt
        ? { message, outcome: "retry", retryAt, error, reply: null }
        : { message, outcome: "failed", error, reply: replies.notHandled(siteUrl) };
    }
  });
}

/** The database's own words when there are some (drizzle wraps them in "Failed query: …" with the parameters). */
function reasonOf(err: unknown): string {
  if (!(err instanceof Error)) return String(err);
  return err.cause instanceof Error ? err.cause.message : err.message;
}
