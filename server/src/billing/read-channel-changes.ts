import { listChannels } from "@trigger-switch/contracts";
import { eq } from "drizzle-orm";
import type { Channels } from "../channels/channel.ts";
import type { Db } from "../db/connect.ts";
import { profiles, recipients } from "../db/schema.ts";
import type { Channel, PlanLimits } from "./plans.ts";

/**
 * What a plan without WhatsApp or SMS changes for the channels an account already uses (after Plus
 * ended), in sentences true for what the engine does (docs/decisions/014, 018):
 * - the owner's reminders follow the plan of today (`ownerReminderRoute` reads `limitsFor`), so
 *   those by WhatsApp or SMS stop and e-mail carries them; the choice is kept for a return to Plus;
 * - a release never follows the plan: a recipient's saved channels are still tried in order.
 * Only channels this server sends by are named: one the operator never configured changes nothing.
 */
export async function channelChangeSentences({
  db,
  userId,
  limits,
  channels,
  canUpgrade,
}: {
  db: Db;
  userId: string;
  limits: PlanLimits;
  channels: Channels;
  canUpgrade: boolean;
}): Promise<string[]> {
  const outside = (c: string): c is Channel =>
    (c === "whatsapp" || c === "sms") && !limits.channels.includes(c) && channels.get(c).available;
  const [profile] = await db
    .select({ chosen: profiles.reminderChannels })
    .from(profiles)
    .where(eq(profiles.id, userId));
  const reminders = (profile?.chosen ?? []).filter(outside);
  const saved = await db
    .select({ channels: recipients.channels })
    .from(recipients)
    .where(eq(recipients.userId, userId));
  const reached = saved.filter((r) => r.channels.some(outside));
  const onRecipients = [...new Set(reached.flatMap((r) => r.channels.filter(outside)))];

  const out: string[] = [];
  if (reminders.length > 0) {
    out.push(
      `Your check-in reminders by ${listChannels(reminders)} have stopped: your ${limits.name} plan reminds by e-mail only, so they now come by e-mail. Your choice is kept${canUpgrade ? " and used again if you upgrade to Plus" : ""}.`,
    );
  }
  if (reached.length > 0) {
    const who = reached.length === 1 ? "One recipient has" : `${reached.length} recipients have`;
    out.push(
      `${who} ${listChannels(onRecipients)} among their channels. ${onRecipients.length === 1 ? "It stays" : "They stay"}: when a message goes out, their channels are still tried in the order you set. On your ${limits.name} plan you cannot add ${listChannels(onRecipients)} to a recipient.`,
    );
  }
  return out;
}
