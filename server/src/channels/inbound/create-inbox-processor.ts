import type { FastifyBaseLogger } from "fastify";
import type { Clock } from "../../clock.ts";
import type { Db } from "../../db/connect.ts";
import type { Channels } from "../channel.ts";
import { maskNumber } from "./mask-number.ts";
import { processInboxBatch, type InboxResult } from "./process-inbox-batch.ts";
import { createReplySender } from "./reply-sender.ts";

/** What a webhook route needs: to say that it has just recorded messages. */
export interface InboxWaker {
  wake(): void;
}

export interface InboxProcessor extends InboxWaker {
  /** Starts the loop; its first batch takes whatever an earlier process left pending. */
  start(log: FastifyBaseLogger): void;
  /**
   * No new batches; waits for the batch running and the replies in flight, at most
   * STOP_WITHIN_MS. Messages still pending stay recorded for the next start (or another process).
   */
  stop(): Promise<void>;
}

/** The longest `stop()` waits (a batch is database work; a reply's send has its own timeout). */
export const STOP_WITHIN_MS = 3_000;

/**
 * Handles the messages the webhooks recorded (record-inbound-messages.ts), off the request path:
 * a batch at once when a webhook wakes it, again at once while batches come back full, and
 * otherwise every `pollMs` (default 1000) — the backstop that takes messages left by a crash, by
 * a process that stopped before handling what it recorded, or due for a retry. Other processes
 * on the same PostgreSQL need no notification: the process that recorded a message handles it
 * unless it died, and then the poll of any process does. Replies go only after their batch has
 * committed, so "Checked in" is never said of a check-in that could still roll back.
 * `batchSize` (default 10) bounds how long one batch holds the database (PGlite runs one
 * transaction at a time, so a webhook's insert waits for the batch in progress).
 */
export function createInboxProcessor({
  db,
  clock,
  channels,
  siteUrl,
  batchSize = 10,
  pollMs = 1000,
}: {
  db: Db;
  clock: Clock;
  channels: Channels;
  siteUrl: () => string;
  batchSize?: number;
  pollMs?: number;
}): InboxProcessor {
  let log: FastifyBaseLogger | null = null;
  let replies: ReturnType<typeof createReplySender> | null = null;
  let stopping = false;
  let running = false;
  let wokenWhileRunning = false;
  let timer: NodeJS.Timeout | undefined;
  let inFlight: Promise<void> = Promise.resolve();

  const step = () => {
    if (stopping || !log) return;
    running = true;
    wokenWhileRunning = false;
    let again = false;
    inFlight = processInboxBatch({ db, clock, siteUrl: siteUrl(), limit: batchSize })
      .then(({ results, more }) => {
        again = more;
        for (const result of results) {
          logResult(log!, result);
          if (result.reply) replies!.send(result.message.channel, result.message.from, result.reply);
        }
      })
      // The database is away: the messages stay pending and the next poll tries again.
      .catch((err: unknown) => log!.error({ err }, "inbox batch failed; its messages stay pending"))
      .finally(() => {
        running = false;
        if (!stopping) timer = setTimeout(step, again || wokenWhileRunning ? 0 : pollMs);
      });
  };

  return {
    start(logger) {
      log = logger;
      replies = createReplySender({ channels, log: logger });
      timer = setTimeout(step, 0);
    },
    wake() {
      if (stopping || !log) return;
      if (running) {
        wokenWhileRunning = true;
        return;
      }
      clearTimeout(timer);
      timer = setTimeout(step, 0);
    },
    async stop() {
      stopping = true;
      clearTimeout(timer);
      let deadline: NodeJS.Timeout | undefined;
      await Promise.race([
        inFlight.then(() => replies?.drain()),
        new Promise<void>((resolve) => (deadline = setTimeout(resolve, STOP_WITHIN_MS))),
      ]);
      clearTimeout(deadline);
    },
  };
}

/** Never the text: it may be private, and it is not ours to keep. */
function logResult(log: FastifyBaseLogger, result: InboxResult): void {
  const { message } = result;
  const fields = {
    channel: message.channel,
    providerMessageId: message.providerMessageId,
    from: maskNumber(message.from),
    kind: message.kind,
    outcome: result.outcome,
  };
  if (result.outcome === "retry")
    log.warn({ ...fields, err: result.error, retryAt: result.retryAt }, "inbound message failed; it is tried again");
  else if (result.outcome === "failed")
    log.error({ ...fields, err: result.error }, "inbound message failed too often; given up, the sender is told");
  else
    log.info(
      { ...fields, userId: result.userId },
      result.outcome === "unknown_sender" ? "message from an unknown sender" : "inbound message",
    );
}
