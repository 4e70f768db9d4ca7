import type { FastifyBaseLogger } from "fastify";
import type { Clock } from "../../clock.ts";
import type { MasterKeys } from "../../crypto/master-keys.ts";
import type { Db } from "../../db/connect.ts";
import type { Channels } from "../channel.ts";
import { maskNumber } from "./mask-number.ts";
import { processNextMessage, type InboxResult } from "./process-next-message.ts";
import { createReplySender } from "./reply-sender.ts";

/** What a webhook route needs from the inbox processor. */
export interface InboxWaker {
  /**
   * Runs a webhook's work in front of the processor: it takes no new message while one runs
   * (for at most GIVE_WAY_MS), because on PGlite both share one connection and a provider
   * waiting for our answer matters more than a reply that goes a moment later.
   */
  inFront<T>(work: () => Promise<T>): Promise<T>;
  /** Says that messages were just recorded: they are handled at once, not at the next poll. */
  wake(): void;
}

export interface InboxProcessor extends InboxWaker {
  /** Starts handling; it takes first whatever an earlier process left pending. */
  start(log: FastifyBaseLogger): void;
  /**
   * Takes no more messages; waits for those being handled and the replies in flight, at most
   * STOP_WITHIN_MS. Messages still pending stay recorded for the next start (or another process).
   */
  stop(): Promise<void>;
}

/** The longest the processor waits for webhooks in front of it before it takes a message anyway (none starve). */
export const GIVE_WAY_MS = 100;

/** The longest `stop()` waits (a message is database work; a reply's send has its own timeout). */
export const STOP_WITHIN_MS = 3_000;

/**
 * Handles the messages the webhooks recorded (record-inbound-messages.ts), off the request path,
 * one message per transaction (process-next-message.ts): at once when a webhook wakes it, on and
 * on while messages are due, and otherwise every `pollMs` (default 1000) — the backstop that
 * takes messages left by a crash, by a process that stopped before handling what it recorded, or
 * due for a retry. Other processes on the same PostgreSQL need no notification: the process that
 * recorded a message handles it unless it died, and then the poll of any process does. A reply
 * goes only after its message's transaction has committed, so "Checked in" is never said of a
 * check-in that could still roll back. `lanes` (default 1) messages are handled at a time; more
 * help only where the database runs transactions side by side (PostgreSQL, not PGlite).
 */
export function createInboxProcessor({
  db,
  clock,
  masterKeys,
  channels,
  siteUrl,
  lanes = 1,
  pollMs = 1000,
}: {
  db: Db;
  clock: Clock;
  /** Opens and seals what a trusted contact's answer sets off (contacts/handle-contact-text.ts). */
  masterKeys: MasterKeys;
  channels: Channels;
  siteUrl: () => string;
  lanes?: number;
  pollMs?: number;
}): InboxProcessor {
  let log: FastifyBaseLogger | null = null;
  let replies: ReturnType<typeof createReplySender> | null = null;
  let stopping = false;
  const running = new Set<Promise<void>>();
  let timer: NodeJS.Timeout | undefined;

  let inFront = 0;
  /** Resolves once no webhook runs in front, or after GIVE_WAY_MS. */
  const givenWay = async () => {
    const until = performance.now() + GIVE_WAY_MS;
    while (inFront > 0 && performance.now() < until) await new Promise((r) => setTimeout(r, 1));
  };

  /** Counts wakes: a lane that saw none while it looked may have missed a message committed meanwhile. */
  let wakes = 0;
  /** One message; the lane goes on at once while it finds some (or was woken meanwhile), and the poll takes over when it finds none. */
  const runLane = (): void => {
    if (stopping || !log) return;
    const wakesBefore = wakes;
    const lane: Promise<void> = givenWay()
      .then(() => processNextMessage({ db, clock, masterKeys, siteUrl: siteUrl() }))
      .then(
        (result) => {
          if (result) {
            logResult(log!, result);
            if (result.reply) replies!.send(result.message.channel, result.message.from, result.reply);
          }
          return result !== null || wakes !== wakesBefore;
        },
        // The database is away: the messages stay pending and the next poll tries again.
        (err: unknown) => {
          log!.error({ err }, "inbox: could not handle the next message; it stays pending");
          return false;
        },
      )
      .then((again) => {
        running.delete(lane);
        if (again) setImmediate(runLane);
        else if (running.size === 0) schedulePoll();
      });
    running.add(lane);
  };
  const fill = () => {
    clearTimeout(timer);
    while (!stopping && running.size < lanes) runLane();
  };
  const schedulePoll = () => {
    clearTimeout(timer);
    if (!stopping) timer = setTimeout(fill, pollMs);
  };

  return {
    start(logger) {
      log = logger;
      replies = createReplySender({ channels, log: logger });
      fill();
    },
    async inFront(work) {
      inFront++;
      try {
        return await work();
      } finally {
        inFront--;
      }
    },
    wake() {
      wakes++;
      if (!stopping && log) fill();
    },
    async stop() {
      stopping = true;
      clearTimeout(timer);
      let deadline: NodeJS.Timeout | undefined;
      await Promise.race([
        Promise.all([...running]).then(() => replies?.drain()),
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
