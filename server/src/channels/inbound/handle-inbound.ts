import type { FastifyBaseLogger } from "fastify";
import type { Clock } from "../../clock.ts";
import type { Db } from "../../db/connect.ts";
import { maskNumber } from "./mask-number.ts";
import { receiveMessage, type InboundMessage } from "./receive-message.ts";
import type { ReplySender } from "./reply-sender.ts";

/**
 * Carries out each message of a webhook in turn and queues the answers. A failure (the database)
 * throws before the webhook is answered, so the provider delivers it again; the ones already
 * handled are then recognised by their ids and not repeated.
 */
export async function handleInbound({
  db,
  clock,
  siteUrl,
  messages,
  replies,
  log,
}: {
  db: Db;
  clock: Clock;
  siteUrl: string;
  messages: InboundMessage[];
  replies: ReplySender;
  log: FastifyBaseLogger;
}): Promise<void> {
  const answers: { message: InboundMessage; text: string }[] = [];
  for (const message of messages) {
    const result = await receiveMessage({ db, clock, siteUrl, message });
    // Never the text: it may be private, and it is not ours to keep.
    log.info(
      {
        channel: message.channel,
        providerMessageId: message.providerMessageId,
        from: maskNumber(message.from),
        kind: message.kind,
        outcome: result.outcome,
        userId: result.userId,
      },
      result.outcome === "unknown_sender" ? "message from an unknown sender" : "inbound message",
    );
    if (result.reply) answers.push({ message, text: result.reply });
  }
  for (const { message, text } of answers) replies.send(message.channel, message.from, text);
}
