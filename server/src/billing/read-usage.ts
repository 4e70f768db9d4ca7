import { formatDuration } from "@trigger-switch/contracts";
import { and, count, eq, lt, sql } from "drizzle-orm";
import type { Db } from "../db/connect.ts";
import { messageAttachments, messageConditions, messages, recipients } from "../db/schema.ts";
import type { PlanLimits } from "./plans.ts";

export interface Usage {
  messages: number;
  recipients: number;
  maxAttachmentsOnAMessage: number;
  /** Armed no-check-in switches shorter than the plan's minimum (left running after a downgrade). */
  shortIntervalSwitches: number;
}

/** What the account uses, measured against `limits`. */
export async function readUsage({
  db,
  userId,
  limits,
}: {
  db: Db;
  userId: string;
  limits: PlanLimits;
}): Promise<Usage> {
  const [m] = await db.select({ n: count() }).from(messages).where(eq(messages.userId, userId));
  const [r] = await db.select({ n: count() }).from(recipients).where(eq(recipients.userId, userId));
  const perMessage = db
    .select({ n: count().as("n") })
    .from(messageAttachments)
    .where(eq(messageAttachments.userId, userId))
    .groupBy(messageAttachments.messageId)
    .as("per_message");
  const [a] = await db.select({ n: sql<number>`coalesce(max(${perMessage.n}), 0)`.mapWith(Number) }).from(perMessage);
  const [s] = await db
    .select({ n: count() })
    .from(messageConditions)
    .where(
      and(
        eq(messageConditions.userId, userId),
        eq(messageConditions.conditionType, "no_check_in"),
        eq(messageConditions.active, true),
        eq(messageConditions.isArmed, true),
        lt(
          sql`${messageConditions.hoursThreshold} * 60 + ${messageConditions.minutesThreshold}`,
          limits.minCheckInMinutes,
        ),
      ),
    );
  return {
    messages: m?.n ?? 0,
    recipients: r?.n ?? 0,
    maxAttachmentsOnAMessage: a?.n ?? 0,
    shortIntervalSwitches: s?.n ?? 0,
  };
}

/**
 * Plain sentences for each limit the account is over (after a downgrade). Nothing is switched off
 * or deleted; only new items are refused (docs/decisions/018).
 */
export function overLimitSentences(limits: PlanLimits, usage: Usage, canUpgrade: boolean): string[] {
  const lift = canUpgrade ? ", or upgrade to Plus" : "";
  const out: string[] = [];
  if (usage.messages > limits.maxMessages) {
    out.push(
      `You have ${usage.messages} messages and your ${limits.name} plan allows ${limits.maxMessages}. All of them stay, and their armed switches keep running. To write a new one, delete ${usage.messages - limits.maxMessages + 1} messages${lift}.`,
    );
  }
  if (usage.recipients > limits.maxRecipients) {
    out.push(
      `You have ${usage.recipients} recipients and your ${limits.name} plan allows ${limits.maxRecipients}. All of them still receive your messages. To add one, delete ${usage.recipients - limits.maxRecipients + 1} recipients${lift}.`,
    );
  }
  if (usage.maxAttachmentsOnAMessage > limits.maxAttachmentsPerMessage) {
    out.push(
      `Your fullest message has ${usage.maxAttachmentsOnAMessage} attachments and your ${limits.name} plan allows ${limits.maxAttachmentsPerMessage} per message. They all stay and go out with it. To add a file to it, delete ${usage.maxAttachmentsOnAMessage - limits.maxAttachmentsPerMessage + 1} of its attachments${lift}.`,
    );
  }
  if (usage.shortIntervalSwitches > 0) {
    out.push(
      `${usage.shortIntervalSwitches === 1 ? "One armed switch checks" : `${usage.shortIntervalSwitches} armed switches check`} more often than your ${limits.name} plan allows. ${usage.shortIntervalSwitches === 1 ? "It keeps" : "They keep"} running as set; changing the timing or arming again needs an interval of ${formatDuration(limits.minCheckInMinutes)} or more${lift}.`,
    );
  }
  return out;
}
