import { eq, sql } from "drizzle-orm";
import type { Clock } from "../../clock.ts";
import { handleContactText, type ContactTextOutcome } from "../../contacts/handle-contact-text.ts";
import type { MasterKeys } from "../../crypto/master-keys.ts";
import type { Db } from "../../db/connect.ts";
import { inboundMessages, profiles } from "../../db/schema.ts";
import { checkIn } from "../../engine/check-in.ts";
import type { PhoneChannelId } from "../channel.ts";
import { CHANNEL_NAMES } from "../channel-names.ts";
import { recordInbound } from "../messaging-window.ts";
import { answeredLately } from "./answered-lately.ts";
import { findNumberOwner } from "../numbers/find-number-owner.ts";
import { parseCommand, type Command } from "./parse-command.ts";
import type { PendingInboundMessage } from "./inbound-message.ts";
import { readNextDeadline } from "./read-next-deadline.ts";
import { replies } from "./reply-texts.ts";

export type InboundOutcome =
  "checked_in" | "too_old" | "status" | "help" | "stopped" | "unsupported" | "unknown_sender" | ContactTextOutcome;

export interface InboundResult {
  outcome: InboundOutcome;
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
 * Handles one recorded message inside the caller's transaction (the inbox processor's): the sender
 * looked up among verified numbers, the command carried out — a check-in through the engine's
 * `checkIn` — and the row marked done, so the message is handled exactly when its check-in
 * commits. Times run from when the message reached us, not from when it is handled: a message
 * that waited in the inbox (a restart, a retry) counts as it would have on arrival.
 */
export async function handleInboundMessage({
  tx,
  clock,
  masterKeys,
  siteUrl,
  message,
}: {
  tx: Db;
  clock: Clock;
  masterKeys: MasterKeys;
  siteUrl: string;
  message: PendingInboundMessage;
}): Promise<InboundResult> {
  const now = clock.now();
  const arrived = message.receivedAt < now ? message.receivedAt : now;
  // A check-in counts when the person sent it, never later than its arrival (a provider's clock may run ahead).
  const sentAt =
    message.sentAt && arrived.getTime() - message.sentAt.getTime() > IN_TRANSIT_MS ? message.sentAt : arrived;
  const tooOld = arrived.getTime() - sentAt.getTime() > CHECK_IN_MAX_AGE_MS;
  const owner = await findNumberOwner({ db: tx, number: message.from });
  const parsed = message.text !== null ? parseCommand(message.text) : null;
  // A trusted contact's answer, or a text from a contact who is no owner (contacts/).
  const asContact = await handleContactText({
    tx,
    clock,
    masterKeys,
    siteUrl,
    message,
    tooOld,
    isOwner: owner !== null,
    stop: parsed === "stop",
  });
  const command = owner ? parsed : null;
  const outcome: InboundOutcome = asContact
    ? asContact.outcome
    : !owner
      ? "unknown_sender"
      : command === null
        ? "unsupported"
        : command === "check_in" && tooOld
          ? "too_old"
          : OUTCOMES[command];
  // Done, and the text gone, in the transaction that acts on it.
  await tx
    .update(inboundMessages)
    .set({ state: "done", outcome, userId: owner?.userId ?? null, text: null, handledAt: now, lastError: null })
    .where(eq(inboundMessages.id, message.id));
  // WhatsApp's 24-hour window runs from when the person wrote.
  await recordInbound({ db: tx, channel: message.channel, number: message.from, at: sentAt });
  const done = (reply: string | null): InboundResult => ({ outcome, userId: owner?.userId ?? null, reply });
  if (asContact) return done(asContact.reply);

  if (!owner) {
    const told = await answeredLately(tx, {
      number: message.from,
      outcome: "unknown_sender",
      at: arrived,
      except: message.id,
    });
    return done(told ? null : replies.unknownSender(siteUrl));
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
  // Dated in the past, its schedule is written now, so its reminders already past are dropped below.
  const result = await checkIn({ db: tx, clock: { now: () => at }, userId, source, rewriteSchedule: at < now });
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
