import { and, eq, gt, ne, sql } from "drizzle-orm";
import type { Clock } from "../../clock.ts";
import type { Db } from "../../db/connect.ts";
import { inboundMessages, profiles } from "../../db/schema.ts";
import { checkIn } from "../../engine/check-in.ts";
import type { PhoneChannelId } from "../channel.ts";
import { CHANNEL_NAMES } from "../channel-names.ts";
import { recordInbound } from "../messaging-window.ts";
import { findNumberOwner } from "../numbers/find-number-owner.ts";
import { parseCommand, type Command } from "./parse-command.ts";
import { readNextDeadline } from "./read-next-deadline.ts";
import { replies } from "./reply-texts.ts";

export interface InboundMessage {
  channel: PhoneChannelId;
  /** wamid… or SM…: the same id twice is the same message. */
  providerMessageId: string;
  /** E.164. */
  from: string;
  /** The text, or null for a kind we do not read (image, reaction, sticker…). */
  text: string | null;
  /** The provider's message type, for the log. */
  kind: string;
}

export type InboundOutcome = "checked_in" | "status" | "help" | "stopped" | "unsupported" | "unknown_sender";

export interface InboundResult {
  outcome: InboundOutcome | "duplicate";
  userId: string | null;
  /** What to send back (free text: the person has just written), or null for nothing. */
  reply: string | null;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * One inbound message, in one transaction: recorded under its provider id (a second delivery of
 * the same id changes nothing), the sender looked up among verified numbers, and the command
 * carried out — a check-in through the engine's `checkIn`, in this same transaction, so the
 * message is marked handled exactly when the check-in commits.
 */
export async function receiveMessage({
  db,
  clock,
  siteUrl,
  message,
}: {
  db: Db;
  clock: Clock;
  siteUrl: string;
  message: InboundMessage;
}): Promise<InboundResult> {
  const now = clock.now();
  return db.transaction(async (tx) => {
    // What the message asks for is known before anything is done, so it is recorded in the same
    // statement that claims its id: a repeat finds the id taken and does nothing.
    const owner = await findNumberOwner({ db: tx, number: message.from });
    const command = owner && message.text !== null ? parseCommand(message.text) : null;
    const outcome: InboundOutcome = !owner ? "unknown_sender" : command === null ? "unsupported" : OUTCOMES[command];
    const [row] = await tx
      .insert(inboundMessages)
      .values({
        channel: message.channel,
        providerMessageId: message.providerMessageId,
        fromNumber: message.from,
        userId: owner?.userId ?? null,
        outcome,
        receivedAt: now,
      })
      .onConflictDoNothing()
      .returning({ id: inboundMessages.id });
    if (!row) return { outcome: "duplicate", userId: null, reply: null };
    await recordInbound({ db: tx, channel: message.channel, number: message.from, at: now });
    const done = (reply: string | null): InboundResult => ({ outcome, userId: owner?.userId ?? null, reply });

    if (!owner) {
      // One explanation a day per number: a stranger's texts must not make us send without end.
      const [earlier] = await tx
        .select({ id: inboundMessages.id })
        .from(inboundMessages)
        .where(
          and(
            eq(inboundMessages.fromNumber, message.from),
            eq(inboundMessages.outcome, "unknown_sender"),
            gt(inboundMessages.receivedAt, new Date(now.getTime() - DAY_MS)),
            ne(inboundMessages.id, row.id),
          ),
        )
        .limit(1);
      return done(earlier ? null : replies.unknownSender(siteUrl));
    }
    switch (command) {
      case null:
        return done(replies.unsupported());
      case "status":
        return done(replies.status(await readNextDeadline({ db: tx, userId: owner.userId, now }), now, owner.timeZone));
      case "help":
        return done(replies.help(siteUrl));
      case "stop":
        await tx
          .update(profiles)
          .set({
            reminderChannels: sql`array_remove(${profiles.reminderChannels}, ${message.channel})`,
            updatedAt: now,
          })
          .where(eq(profiles.id, owner.userId));
        // Twilio answers STOP itself and blocks anything more we send; WhatsApp leaves it to us.
        return done(message.channel === "whatsapp" ? replies.stopped(CHANNEL_NAMES[message.channel], siteUrl) : null);
      case "check_in": {
        const result = await checkIn({ db: tx, clock, userId: owner.userId, source: message.channel });
        return done(
          replies.checkedIn(
            result.next_deadline ? new Date(result.next_deadline) : null,
            result.conditions,
            owner.timeZone,
          ),
        );
      }
    }
  });
}

const OUTCOMES: Record<Command, InboundOutcome> = {
  check_in: "checked_in",
  status: "status",
  help: "help",
  stop: "stopped",
};
