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
  /** When the person sent it, by the provider (WhatsApp's `timestamp`); null when it does not say (Twilio SMS). */
  sentAt: Date | null;
}

export type InboundOutcome =
  "checked_in" | "too_old" | "status" | "help" | "stopped" | "unsupported" | "unknown_sender";

export interface InboundResult {
  outcome: InboundOutcome | "duplicate";
  userId: string | null;
  /** What to send back (free text: the person has just written), or null for nothing. */
  reply: string | null;
}

const DAY_MS = 24 * 60 * 60 * 1000;
/**
 * A message sent longer ago than this no longer checks anyone in (a provider's redelivery after an
 * outage, a replay): it says only that the person was well then. The same 24 hours as WhatsApp's
 * window, within which a reply can still reach them (docs/decisions/034).
 */
export const CHECK_IN_MAX_AGE_MS = DAY_MS;
/** A message that reaches us within this counts when it arrives: providers give whole seconds, and a minute moves no deadline that matters. */
const IN_TRANSIT_MS = 60_000;

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
  // A check-in counts when the person sent it, never later than now (a provider's clock may run ahead).
  const sentAt = message.sentAt && now.getTime() - message.sentAt.getTime() > IN_TRANSIT_MS ? message.sentAt : now;
  const tooOld = now.getTime() - sentAt.getTime() > CHECK_IN_MAX_AGE_MS;
  return db.transaction(async (tx) => {
    // What the message asks for is known before anything is done, so it is recorded in the same
    // statement that claims its id: a repeat finds the id taken and does nothing.
    const owner = await findNumberOwner({ db: tx, number: message.from });
    const command = owner && message.text !== null ? parseCommand(message.text) : null;
    const outcome: InboundOutcome = !owner
      ? "unknown_sender"
      : command === null
        ? "unsupported"
        : command === "check_in" && tooOld
          ? "too_old"
          : OUTCOMES[command];
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
    // WhatsApp's 24-hour window runs from when the person wrote.
    await recordInbound({ db: tx, channel: message.channel, number: message.from, at: sentAt });
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
        if (tooOld) return done(replies.tooOld(sentAt, owner.timeZone));
        const result = await checkInAsOf({ tx, now, sentAt, userId: owner.userId, source: message.channel });
        return done(
          replies.checkedIn(
            result.next_deadline ? new Date(result.next_deadline) : null,
            result.conditions,
            owner.timeZone,
            result.cancelledConditionIds.length,
          ),
        );
      }
    }
  });
}

/**
 * The engine's check-in, counted at `sentAt`: the deadlines run from when the person wrote, not
 * from when the message reached us. It never moves a condition's last check-in back (a later
 * check-in in the app, or an edit, has already counted), and reminders that the earlier start
 * would put in the past are dropped rather than sent late.
 */
async function checkInAsOf({
  tx,
  now,
  sentAt,
  userId,
  source,
}: {
  tx: Db;
  now: Date;
  sentAt: Date;
  userId: string;
  source: PhoneChannelId;
}) {
  // Locked in the order check_in locks them, so a concurrent check-in waits rather than slips in between.
  const latest = (await tx.execute(sql`
    select max(last_checked) as at from (
      select last_checked from message_conditions
      where user_id = ${userId}::uuid and active
        and condition_type in ('no_check_in', 'recurring_check_in', 'inactivity_to_date')
      order by id for update
    ) locked`)) as unknown as { rows: { at: Date | string | null }[] };
  const last = latest.rows[0]?.at ? new Date(latest.rows[0].at) : null;
  const at = last && last > sentAt ? (last < now ? last : now) : sentAt;
  const result = await checkIn({ db: tx, clock: { now: () => at }, userId, source });
  if (at < now)
    await tx.execute(sql`
      update reminder_schedule set status = 'obsolete', updated_at = ${now.toISOString()}::timestamptz,
        completed_at = ${now.toISOString()}::timestamptz
      where user_id = ${userId}::uuid and reminder_type = 'reminder' and status = 'pending'
        and scheduled_at <= ${now.toISOString()}::timestamptz and updated_at = ${at.toISOString()}::timestamptz`);
  return result;
}

const OUTCOMES: Record<Command, InboundOutcome> = {
  check_in: "checked_in",
  status: "status",
  help: "help",
  stop: "stopped",
};
