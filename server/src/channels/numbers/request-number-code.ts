import { randomUUID } from "node:crypto";
import {
  VERIFICATION_CODE_TTL_MS,
  VERIFICATION_CODES_PER_HOUR,
  type OwnerChannels,
  type PhoneChannel,
} from "@trigger-switch/contracts";
import { and, count, desc, eq, gt, isNull } from "drizzle-orm";
import type { Clock } from "../../clock.ts";
import type { Db } from "../../db/connect.ts";
import { numberVerificationCodes, profiles, verifiedNumbers } from "../../db/schema.ts";
import { AppError, notFound } from "../../errors.ts";
import { ChannelError, type Channels } from "../channel.ts";
import { CHANNEL_NAMES } from "../channel-names.ts";
import { newCode, hashCode } from "./code-hash.ts";
import { readOwnerChannels, resendAt } from "./read-owner-channels.ts";

const HOUR_MS = 60 * 60 * 1000;

/**
 * Sends a one-time code to the profile's number through `channel` (docs/decisions/014). A new code
 * replaces any earlier one. Limits: one a minute and five an hour per account, five an hour per
 * number whoever asks (nobody can use us to flood someone's phone), and the route's per-IP limit.
 */
export async function requestNumberCode({
  db,
  clock,
  channels,
  userId,
  channel,
}: {
  db: Db;
  clock: Clock;
  channels: Channels;
  userId: string;
  channel: PhoneChannel;
}): Promise<OwnerChannels> {
  const name = CHANNEL_NAMES[channel];
  if (!channels.get(channel).available)
    throw new AppError("conflict", `${name} is not available on this server, so no code can be sent by ${name}.`);
  const now = clock.now();
  const code = newCode();
  const codeId = randomUUID();

  const number = await db.transaction(async (tx) => {
    // The profile row serialises two requests of one account.
    const [profile] = await tx
      .select({ number: profiles.whatsappNumber })
      .from(profiles)
      .where(eq(profiles.id, userId))
      .for("update");
    if (!profile) throw notFound("Profile not found");
    if (!profile.number)
      throw new AppError("conflict", "Save your WhatsApp number in your profile first; the code goes to that number.");
    const [proof] = await tx
      .select()
      .from(verifiedNumbers)
      .where(and(eq(verifiedNumbers.userId, userId), eq(verifiedNumbers.number, profile.number)));
    if (proof) throw new AppError("conflict", "This number is already verified.");

    const hourAgo = new Date(now.getTime() - HOUR_MS);
    const mine = await tx
      .select({ createdAt: numberVerificationCodes.createdAt })
      .from(numberVerificationCodes)
      .where(and(eq(numberVerificationCodes.userId, userId), gt(numberVerificationCodes.createdAt, hourAgo)))
      .orderBy(desc(numberVerificationCodes.createdAt));
    const wait = resendAt(mine, now);
    if (wait)
      throw new AppError(
        "rate_limited",
        `You can ask for a new code in ${describeWait(wait.getTime() - now.getTime())}.`,
      );
    const [toNumber] = await tx
      .select({ n: count() })
      .from(numberVerificationCodes)
      .where(and(eq(numberVerificationCodes.number, profile.number), gt(numberVerificationCodes.createdAt, hourAgo)));
    if ((toNumber?.n ?? 0) >= VERIFICATION_CODES_PER_HOUR)
      throw new AppError("rate_limited", "Too many codes went to this number in the last hour. Try again later.");

    await tx
      .update(numberVerificationCodes)
      .set({ usedAt: now })
      .where(and(eq(numberVerificationCodes.userId, userId), isNull(numberVerificationCodes.usedAt)));
    await tx.insert(numberVerificationCodes).values({
      id: codeId,
      userId,
      number: profile.number,
      channel,
      codeHash: hashCode(codeId, code),
      expiresAt: new Date(now.getTime() + VERIFICATION_CODE_TTL_MS),
      createdAt: now,
    });
    return profile.number;
  });

  try {
    const receipt = await channels.get(channel).send({
      to: number,
      purpose: "verification_code",
      text: `Your Trigger Switch code is ${code}. It expires in 10 minutes. Do not share it with anyone.`,
      template: { template: "verification", body: [code], urlButton: code },
    });
    await db
      .update(numberVerificationCodes)
      .set({ providerMessageId: receipt.providerMessageId })
      .where(eq(numberVerificationCodes.id, codeId));
  } catch (err) {
    // It never left: it must not count against the limits, nor wait for a code that will not come.
    await db.delete(numberVerificationCodes).where(eq(numberVerificationCodes.id, codeId));
    if (!(err instanceof ChannelError)) throw err;
    if (err.permanent)
      throw new AppError(
        "conflict",
        `${name} could not take a code for ${number}: ${err.message}${channel === "whatsapp" ? " You can try SMS instead." : ""}`,
      );
    throw new AppError(
      "unavailable",
      `The code could not be sent by ${name} just now (${err.message}). Try again in a minute.`,
    );
  }
  return readOwnerChannels({ db, clock, userId });
}

function describeWait(ms: number): string {
  const seconds = Math.ceil(ms / 1000);
  if (seconds < 90) return `${seconds} seconds`;
  return `${Math.ceil(seconds / 60)} minutes`;
}
