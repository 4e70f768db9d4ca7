import { THRESHOLD_MIN_MINUTES } from "@trigger-switch/contracts";
import type { Config } from "../config.ts";

export type PlanId = "free" | "plus";
export type Channel = "email" | "whatsapp" | "sms";

export interface PlanLimits {
  plan: PlanId;
  /** The plan's name as people read it. */
  name: string;
  maxMessages: number;
  maxRecipients: number;
  maxAttachmentsPerMessage: number;
  maxAttachmentBytes: number;
  /** The shortest no-check-in interval a switch may have, in minutes. */
  minCheckInMinutes: number;
  /**
   * Channels that may be added to recipients and reminders. The owner's reminders follow it; a
   * release uses the recipient's saved channels whatever the plan (docs/decisions/018).
   */
  channels: readonly Channel[];
}

const MIB = 1024 * 1024;
const FREE_ATTACHMENT_BYTES = 10 * MIB;

/**
 * The two plans (docs/decisions/018). Free is enough for a real switch (three letters to five
 * people, checked daily); Plus is for people who need short intervals, more letters, big files
 * and messaging channels. The server's ATTACHMENT_MAX_BYTES caps both.
 */
export function planLimits(plan: PlanId, config: Pick<Config, "ATTACHMENT_MAX_BYTES">): PlanLimits {
  if (plan === "free") {
    return {
      plan,
      name: "Free",
      maxMessages: 3,
      maxRecipients: 5,
      maxAttachmentsPerMessage: 3,
      maxAttachmentBytes: Math.min(FREE_ATTACHMENT_BYTES, config.ATTACHMENT_MAX_BYTES),
      minCheckInMinutes: 24 * 60,
      channels: ["email"],
    };
  }
  return {
    plan,
    name: "Plus",
    maxMessages: 100,
    maxRecipients: 200,
    maxAttachmentsPerMessage: 10,
    maxAttachmentBytes: config.ATTACHMENT_MAX_BYTES,
    minCheckInMinutes: THRESHOLD_MIN_MINUTES,
    channels: ["email", "whatsapp", "sms"],
  };
}

export const PLAN_IDS: readonly PlanId[] = ["free", "plus"];
