import {
  CHANNEL_WORDS,
  attachmentCountSentence,
  attachmentSizeSentence,
  deleteToAdd,
  formatDuration,
  howToLift,
  listChannels,
  megabytes,
} from "@trigger-switch/contracts";
import type { Config } from "../config.ts";
import { AppError } from "../errors.ts";
import { billingEnabled } from "./billing-enabled.ts";
import { planLimits, type Channel, type PlanLimits } from "./plans.ts";

type Limited =
  | { kind: "messages"; usage: number }
  | { kind: "recipients"; usage: number }
  | { kind: "attachments"; usage: number }
  | { kind: "attachment_bytes"; usage: number }
  | { kind: "check_in_interval"; usage: number }
  | { kind: "channels"; usage: number; channels: readonly Channel[] };

/**
 * A refusal that says the limit, the usage and how to lift it — in words true for this server:
 * "upgrade" only where upgrading exists (docs/decisions/018).
 */
export function planLimitError(config: Config, limits: PlanLimits, what: Limited): AppError {
  const plus = planLimits("plus", config);
  const ctx = { plan: limits.plan, name: limits.name, billingEnabled: billingEnabled(config) };
  const canUpgrade = limits.plan === "free" && ctx.billingEnabled;
  const plan = `Your ${limits.name} plan`;
  const { orUpgrade, tail } = howToLift(ctx);
  switch (what.kind) {
    case "messages":
      return new AppError(
        "plan_limit",
        `${plan} allows ${limits.maxMessages} messages and you have ${what.usage}. ${deleteToAdd(what.usage, limits.maxMessages, "message")}${orUpgrade(`up to ${plus.maxMessages}`)}.${tail}`,
      );
    case "recipients":
      return new AppError(
        "plan_limit",
        `${plan} allows ${limits.maxRecipients} recipients and you have ${what.usage}. ${deleteToAdd(what.usage, limits.maxRecipients, "recipient")}${orUpgrade(`up to ${plus.maxRecipients}`)}.${tail}`,
      );
    case "attachments":
      return new AppError(
        "plan_limit",
        attachmentCountSentence(ctx, {
          max: limits.maxAttachmentsPerMessage,
          plusMax: plus.maxAttachmentsPerMessage,
          usage: what.usage,
        }),
        { file: `At most ${limits.maxAttachmentsPerMessage} attachments on your plan` },
      );
    case "attachment_bytes":
      return new AppError(
        "plan_limit",
        attachmentSizeSentence(ctx, {
          maxBytes: limits.maxAttachmentBytes,
          plusMaxBytes: plus.maxAttachmentBytes,
          size: what.usage,
        }),
        { file: `At most ${megabytes(limits.maxAttachmentBytes)} on your plan` },
      );
    case "channels": {
      const asked = listChannels(what.channels);
      const allowed = limits.channels.map((c) => CHANNEL_WORDS[c]).join(", ");
      // Only the channels asked for, which the callers have already found configured here: never a promise
      // of a channel this server does not send by.
      const upgrade = canUpgrade ? `, or upgrade to Plus on the Subscription page for ${asked}` : "";
      const message = `${plan} delivers by ${allowed} only, not by ${asked}. Choose ${allowed}${upgrade}.${tail}`;
      return new AppError("plan_limit", message, { channels: message });
    }
    case "check_in_interval":
      return new AppError(
        "plan_limit",
        `${plan} allows check-in intervals of ${formatDuration(limits.minCheckInMinutes)} or more and this switch asks for ${formatDuration(what.usage)}. Choose ${formatDuration(limits.minCheckInMinutes)} or more${orUpgrade(`intervals down to ${formatDuration(plus.minCheckInMinutes)}`)}.${tail}`,
        { hours_threshold: `At least ${formatDuration(limits.minCheckInMinutes)} on your plan` },
      );
  }
}
