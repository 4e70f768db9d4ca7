import { createHash, randomInt, timingSafeEqual } from "node:crypto";
import { normalizePhone } from "@trigger-switch/contracts";
import { and, count, eq, gt, isNotNull } from "drizzle-orm";
import { ChannelError, type Channels, type PhoneChannelId } from "../../channels/channel.ts";
import { CHANNEL_NAMES } from "../../channels/channel-names.ts";
import { isE164 } from "../../channels/phone-number.ts";
import { TWILIO_SETTINGS } from "../../channels/sms/sms-channel.ts";
import { WHATSAPP_SETTINGS } from "../../channels/whatsapp/whatsapp-channel.ts";
import { mfaChallenges, mfaFactors } from "../../db/schema.ts";
import { MFA_PHONE_CODE_INTERVAL_MS, MFA_PHONE_CODES_PER_HOUR } from "../constants.ts";
import { GoTrueError, validationFailed } from "../gotrue-error.ts";
import type { FactorKind } from "./factor-types.ts";

const HOUR_MS = 60 * 60 * 1000;

/**
 * A phone that receives a 6-digit code by SMS or WhatsApp for each challenge (docs/decisions/016).
 * Only the code's hash is kept, bound to its challenge; the code works once and for 5 minutes.
 */
export const phoneFactor: FactorKind = {
  amrMethod: "mfa/phone",
  async enroll({ deps, user, body }) {
    const missing = phoneFactorUnavailable(deps.channels);
    if (missing) throw new GoTrueError(422, "mfa_phone_enroll_not_enabled", missing);
    if (typeof body.phone !== "string")
      throw validationFailed("phone is required: the number in international format, e.g. +44 7700 900123");
    const phone = normalizePhone(body.phone);
    if (!isE164(phone))
      throw validationFailed("Enter the number in international format with the country code, e.g. +44 7700 900123");
    const [same] = await deps.db
      .select({ id: mfaFactors.id })
      .from(mfaFactors)
      .where(
        and(
          eq(mfaFactors.userId, user.id),
          eq(mfaFactors.factorType, "phone"),
          eq(mfaFactors.phone, phone),
          eq(mfaFactors.status, "verified"),
        ),
      );
    if (same) throw new GoTrueError(422, "phone_exists", "This number is already a second factor of your account.");
    return { columns: { phone }, answer: { phone } };
  },

  async challenge({ deps, factor, challengeId, body }) {
    const phone = factor.phone!;
    const channel = channelOf(deps.channels, body.channel);
    const now = deps.clock.now();
    // Nobody can use us to flood a phone: a pause between codes per factor, and a cap per number
    // whichever account asks (someone may enrol a stranger's number; it never verifies, but could ring).
    if (factor.lastChallengedAt && now.getTime() - factor.lastChallengedAt.getTime() < MFA_PHONE_CODE_INTERVAL_MS) {
      const seconds = Math.ceil(
        (MFA_PHONE_CODE_INTERVAL_MS - (now.getTime() - factor.lastChallengedAt.getTime())) / 1000,
      );
      throw new GoTrueError(
        429,
        "over_sms_send_rate_limit",
        `A code was just sent. You can ask for another in ${seconds} seconds.`,
      );
    }
    const [sent] = await deps.db
      .select({ n: count() })
      .from(mfaChallenges)
      .innerJoin(mfaFactors, eq(mfaFactors.id, mfaChallenges.factorId))
      .where(
        and(
          eq(mfaFactors.phone, phone),
          isNotNull(mfaChallenges.codeHash),
          gt(mfaChallenges.createdAt, new Date(now.getTime() - HOUR_MS)),
        ),
      );
    if ((sent?.n ?? 0) >= MFA_PHONE_CODES_PER_HOUR)
      throw new GoTrueError(
        429,
        "over_sms_send_rate_limit",
        "Too many codes went to this number in the last hour. Try again later.",
      );

    const code = String(randomInt(0, 1_000_000)).padStart(6, "0");
    try {
      await deps.channels.get(channel).send({
        to: phone,
        purpose: "verification_code",
        text: `Your Trigger Switch sign-in code is ${code}. It expires in 5 minutes. Do not share it with anyone.`,
        template: { template: "verification", body: [code], urlButton: code },
      });
    } catch (err) {
      if (!(err instanceof ChannelError)) throw err;
      const name = CHANNEL_NAMES[channel];
      if (err.permanent)
        throw new GoTrueError(422, "sms_send_failed", `${name} could not take a code for this number: ${err.message}`);
      throw new GoTrueError(
        503,
        "sms_send_failed",
        `The code could not be sent by ${name} just now (${err.message}). Try again in a minute.`,
      );
    }
    return { channel, codeHash: hashChallengeCode(challengeId, code) };
  },

  check({ challenge, code }) {
    if (!challenge.codeHash) return { ok: false };
    const a = Buffer.from(hashChallengeCode(challenge.id, code), "hex");
    const b = Buffer.from(challenge.codeHash, "hex");
    return { ok: a.length === b.length && timingSafeEqual(a, b) };
  },
};

/** Why phone factors cannot be used on this server, naming the settings; null when they can. */
export function phoneFactorUnavailable(channels: Channels): string | null {
  if (channels.sms.available || channels.whatsapp.available) return null;
  return `Phone factors need SMS or WhatsApp, and neither is configured on this server (SMS: ${TWILIO_SETTINGS.join(", ")}; WhatsApp: ${WHATSAPP_SETTINGS.join(", ")}). Use an authenticator app instead.`;
}

/** The channel asked for (GoTrue's default is SMS), or the one this server has when none was named. */
function channelOf(channels: Channels, value: unknown): PhoneChannelId {
  if (value !== undefined && value !== null && value !== "sms" && value !== "whatsapp")
    throw validationFailed("channel must be sms or whatsapp");
  if (value === "sms" || value === "whatsapp") {
    if (!channels[value].available) {
      const other = value === "sms" ? "whatsapp" : "sms";
      const instead = channels[other].available ? ` Ask for the code by ${CHANNEL_NAMES[other]} instead.` : "";
      throw new GoTrueError(
        422,
        "mfa_phone_channel_not_available",
        `${CHANNEL_NAMES[value]} is not configured on this server, so no code can be sent by ${CHANNEL_NAMES[value]}.${instead}`,
      );
    }
    return value;
  }
  if (channels.sms.available) return "sms";
  if (channels.whatsapp.available) return "whatsapp";
  throw new GoTrueError(422, "mfa_phone_channel_not_available", phoneFactorUnavailable(channels)!);
}

/** Bound to its challenge, so a hash copied to another challenge does not match. */
const hashChallengeCode = (challengeId: string, code: string) =>
  createHash("sha256").update(`mfa-challenge:${challengeId}:${code}`).digest("hex");
