import { REMINDER_CHANNELS, type OwnerChannels, type ReminderChannel } from "@trigger-switch/contracts";
import { eq, sql } from "drizzle-orm";
import { limitsFor } from "../../billing/limits-for.ts";
import { planLimitError } from "../../billing/plan-limit-error.ts";
import type { Clock } from "../../clock.ts";
import type { Config } from "../../config.ts";
import type { Db, Tx } from "../../db/connect.ts";
import { profiles, pushDevices } from "../../db/schema.ts";
import { AppError } from "../../errors.ts";
import type { Channels, PhoneChannelId } from "../channel.ts";
import { notSentHere } from "../recipient-channel-rules.ts";
import { findNumberOwner } from "./find-number-owner.ts";
import { readOwnerChannels } from "./read-owner-channels.ts";

/**
 * The owner's reminder channels (docs/decisions/014): e-mail always, plus WhatsApp and SMS when
 * this server has them and the owner's number is verified, plus Web Push when this server sends it
 * and the owner has turned notifications on for at least one device (docs/decisions/039).
 * Reminders go to all of them at once.
 */
export async function setReminderChannels({
  db,
  config,
  clock,
  channels,
  userId,
  chosen,
}: {
  db: Db;
  config: Config;
  clock: Clock;
  channels: Channels;
  userId: string;
  chosen: ReminderChannel[];
}): Promise<OwnerChannels> {
  const phone = chosen.filter((c): c is PhoneChannelId => c === "whatsapp" || c === "sms");
  // The server first, then the plan (as for recipients): upgrading cannot give a channel that is off here.
  const off = phone.filter((c) => !channels.get(c).available);
  if (off.length > 0) {
    const message = `${notSentHere(off)} Your reminders go by e-mail.`;
    throw new AppError("conflict", message, { channels: message });
  }
  const limits = await limitsFor({ db, config, userId });
  const notInPlan = phone.filter((c) => !limits.channels.includes(c));
  if (notInPlan.length > 0) throw planLimitError(config, limits, { kind: "channels", usage: 0, channels: notInPlan });
  if (phone.length > 0) {
    const [profile] = await db
      .select({ number: profiles.whatsappNumber })
      .from(profiles)
      .where(eq(profiles.id, userId));
    const owner = profile?.number ? await findNumberOwner({ db, number: profile.number }) : null;
    if (owner?.userId !== userId)
      throw new AppError(
        "conflict",
        "Verify your number first: reminders go only to a number you have proven is yours.",
        { channels: "Verify your number first." },
      );
  }
  const ordered = REMINDER_CHANNELS.filter((c) => c === "email" || chosen.includes(c));
  await db.transaction(async (tx) => {
    if (chosen.includes("push")) {
      // Removing a device locks the profile first too: the last device cannot go between this check and the choice.
      await tx.execute(sql`select 1 from ${profiles} where ${profiles.id} = ${userId} for update`);
      await checkPushDevice({ db: tx, channels, userId });
    }
    await tx
      .update(profiles)
      .set({ reminderChannels: [...ordered], updatedAt: clock.now() })
      .where(eq(profiles.id, userId));
  });
  return readOwnerChannels({ db, clock, userId });
}

/** Push is chosen only with somewhere to push to; the device list in Security is where one is added. */
async function checkPushDevice({ db, channels, userId }: { db: Db | Tx; channels: Channels; userId: string }) {
  if (!channels.push.available) {
    const message = "This server does not send notifications (Web Push is off here). Your reminders go by e-mail.";
    throw new AppError("conflict", message, { channels: message });
  }
  const [device] = await db
    .select({ id: pushDevices.id })
    .from(pushDevices)
    .where(eq(pushDevices.userId, userId))
    .limit(1);
  if (!device) {
    const message = "Turn on notifications on a device first (Security, Notifications on this device).";
    throw new AppError("conflict", message, { channels: message });
  }
}
