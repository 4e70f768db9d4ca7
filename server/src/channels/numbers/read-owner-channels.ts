import {
  VERIFICATION_CODES_PER_HOUR,
  VERIFICATION_MAX_ATTEMPTS,
  VERIFICATION_RESEND_MS,
  type OwnerChannels,
} from "@trigger-switch/contracts";
import { and, desc, eq, gt, inArray } from "drizzle-orm";
import type { Clock } from "../../clock.ts";
import type { Db } from "../../db/connect.ts";
import { channelReceipts, numberVerificationCodes, profiles, verifiedNumbers } from "../../db/schema.ts";
import { notFound } from "../../errors.ts";

const HOUR_MS = 60 * 60 * 1000;
/** The worst news first: a failure outranks an earlier "sent". */
const DELIVERY_ORDER = ["failed", "read", "delivered", "sent"] as const;

/** The owner's number, whether it is proven, the code on its way, and where reminders go. */
export async function readOwnerChannels({
  db,
  clock,
  userId,
}: {
  db: Db;
  clock: Clock;
  userId: string;
}): Promise<OwnerChannels> {
  const now = clock.now();
  const [profile] = await db
    .select({ number: profiles.whatsappNumber, reminderChannels: profiles.reminderChannels })
    .from(profiles)
    .where(eq(profiles.id, userId));
  if (!profile) throw notFound("Profile not found");
  const [proof] = await db.select().from(verifiedNumbers).where(eq(verifiedNumbers.userId, userId));
  const verified =
    proof && proof.number === profile.number ? { via: proof.verifiedVia, at: proof.verifiedAt.toISOString() } : null;

  const recent = await db
    .select()
    .from(numberVerificationCodes)
    .where(
      and(
        eq(numberVerificationCodes.userId, userId),
        gt(numberVerificationCodes.createdAt, new Date(now.getTime() - HOUR_MS)),
      ),
    )
    .orderBy(desc(numberVerificationCodes.createdAt));
  const latest = recent[0];
  const live =
    latest &&
    !latest.usedAt &&
    latest.expiresAt > now &&
    latest.attempts < VERIFICATION_MAX_ATTEMPTS &&
    latest.number === profile.number &&
    !verified
      ? latest
      : null;

  let pending: OwnerChannels["pending"] = null;
  if (live) {
    const receipts = live.providerMessageId
      ? await db
          .select()
          .from(channelReceipts)
          .where(
            and(
              eq(channelReceipts.channel, live.channel),
              eq(channelReceipts.providerMessageId, live.providerMessageId),
              inArray(channelReceipts.status, [...DELIVERY_ORDER]),
            ),
          )
      : [];
    const worst = DELIVERY_ORDER.map((s) => receipts.find((r) => r.status === s)).find(Boolean);
    pending = {
      channel: live.channel,
      sent_at: live.createdAt.toISOString(),
      expires_at: live.expiresAt.toISOString(),
      attempts_left: VERIFICATION_MAX_ATTEMPTS - live.attempts,
      delivery: worst?.status ?? "sending",
      delivery_error: worst?.status === "failed" ? (worst.errorMessage ?? "The provider could not deliver it.") : null,
    };
  }
  return {
    number: profile.number,
    verified,
    pending,
    resend_at: resendAt(recent, now)?.toISOString() ?? null,
    reminder_channels: profile.reminderChannels,
  };
}

/** When the next code may go: a minute after the last, and no more than five within an hour. */
export function resendAt(recentNewestFirst: { createdAt: Date }[], now: Date): Date | null {
  const times = recentNewestFirst.map((r) => r.createdAt.getTime()).filter((t) => t > now.getTime() - HOUR_MS);
  const candidates = [times[0] !== undefined ? times[0] + VERIFICATION_RESEND_MS : 0];
  if (times.length >= VERIFICATION_CODES_PER_HOUR) candidates.push(times[VERIFICATION_CODES_PER_HOUR - 1]! + HOUR_MS);
  const at = Math.max(...candidates);
  return at > now.getTime() ? new Date(at) : null;
}
