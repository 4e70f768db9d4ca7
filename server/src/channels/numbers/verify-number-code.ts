import { VERIFICATION_MAX_ATTEMPTS, type OwnerChannels } from "@trigger-switch/contracts";
import { and, desc, eq, isNull, ne, or } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Clock } from "../../clock.ts";
import type { Db } from "../../db/connect.ts";
import { numberVerificationCodes, profiles, verifiedNumbers } from "../../db/schema.ts";
import { AppError, notFound } from "../../errors.ts";
import type { Channels } from "../channel.ts";
import { codeMatches } from "./code-hash.ts";
import { readOwnerChannels } from "./read-owner-channels.ts";

type Outcome =
  | { kind: "verified"; number: string; previousOwner: string | null }
  | { kind: "none" | "expired" | "locked" | "number_changed" }
  | { kind: "wrong"; left: number };

/**
 * Checks the code against the newest one sent to the owner. A right code proves the number; if
 * another account had proven it before (a recycled number), that proof ends and its owner is told
 * by e-mail. Wrong tries are counted in the same transaction that reads them, so parallel guesses
 * cannot exceed the limit.
 */
export async function verifyNumberCode({
  db,
  clock,
  channels,
  userId,
  code,
  log,
}: {
  db: Db;
  clock: Clock;
  channels: Channels;
  userId: string;
  code: string;
  log: FastifyBaseLogger;
}): Promise<OwnerChannels> {
  const now = clock.now();
  const outcome = await db.transaction(async (tx): Promise<Outcome> => {
    const [profile] = await tx
      .select({ number: profiles.whatsappNumber })
      .from(profiles)
      .where(eq(profiles.id, userId))
      .for("update");
    if (!profile) throw notFound("Profile not found");
    const [row] = await tx
      .select()
      .from(numberVerificationCodes)
      .where(and(eq(numberVerificationCodes.userId, userId), isNull(numberVerificationCodes.usedAt)))
      .orderBy(desc(numberVerificationCodes.createdAt))
      .limit(1)
      .for("update");
    if (!row) return { kind: "none" };
    if (row.expiresAt <= now) return { kind: "expired" };
    if (row.attempts >= VERIFICATION_MAX_ATTEMPTS) return { kind: "locked" };
    if (row.number !== profile.number) {
      await tx.update(numberVerificationCodes).set({ usedAt: now }).where(eq(numberVerificationCodes.id, row.id));
      return { kind: "number_changed" };
    }
    if (!codeMatches(row.id, code, row.codeHash)) {
      await tx
        .update(numberVerificationCodes)
        .set({ attempts: row.attempts + 1 })
        .where(eq(numberVerificationCodes.id, row.id));
      return { kind: "wrong", left: VERIFICATION_MAX_ATTEMPTS - row.attempts - 1 };
    }
    await tx.update(numberVerificationCodes).set({ usedAt: now }).where(eq(numberVerificationCodes.id, row.id));
    const removed = await tx
      .delete(verifiedNumbers)
      .where(or(eq(verifiedNumbers.number, row.number), eq(verifiedNumbers.userId, userId)))
      .returning({ userId: verifiedNumbers.userId });
    await tx.insert(verifiedNumbers).values({ number: row.number, userId, verifiedVia: row.channel, verifiedAt: now });
    return {
      kind: "verified",
      number: row.number,
      previousOwner: removed.find((r) => r.userId !== userId)?.userId ?? null,
    };
  });

  const fields = (message: string) => new AppError("validation_failed", message, { code: message });
  switch (outcome.kind) {
    case "none":
      throw new AppError("conflict", "There is no code waiting to be checked. Ask for a new one.", {
        code: "Ask for a new code.",
      });
    case "expired":
      throw fields("This code has expired. Ask for a new one.");
    case "locked":
      throw fields("Too many wrong tries for this code. Ask for a new one.");
    case "number_changed":
      throw new AppError("conflict", "Your number changed after this code was sent. Ask for a new code.", {
        code: "Ask for a new code.",
      });
    case "wrong":
      throw fields(
        outcome.left > 0
          ? `That code is not right. ${outcome.left} ${outcome.left === 1 ? "try" : "tries"} left.`
          : "That code is not right, and that was the last try. Ask for a new code.",
      );
    case "verified":
      if (outcome.previousOwner)
        await tellPreviousOwner({ db, channels, userId: outcome.previousOwner, number: outcome.number, log });
  }
  return readOwnerChannels({ db, clock, userId });
}

/** Best effort: the proof has moved whatever happens to this mail. */
async function tellPreviousOwner({
  db,
  channels,
  userId,
  number,
  log,
}: {
  db: Db;
  channels: Channels;
  userId: string;
  number: string;
  log: FastifyBaseLogger;
}): Promise<void> {
  try {
    const [owner] = await db
      .select({ email: profiles.email })
      .from(profiles)
      .where(and(eq(profiles.id, userId), ne(profiles.email, "")));
    if (!owner) return;
    await channels.email.send({
      to: owner.email,
      purpose: "owner_notice",
      subject: "Your phone number no longer checks you in",
      text: [
        `Another Trigger Switch account has just proven that it holds the number ${number}, which your profile had verified.`,
        "",
        "From now on, messages from that number do not check you in, and your reminders no longer go to it.",
        "If this is your number, open your profile and verify it again. If you have a new number, save it there and verify it.",
        "Until then, check in from the app or from the links in your reminder e-mails.",
      ].join("\n"),
    });
  } catch (err) {
    log.warn(
      { err: (err as Error).message, userId },
      "could not tell the previous owner that their verified number moved",
    );
  }
}
