import { formatDuration } from "@trigger-switch/contracts";
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
  const canUpgrade = limits.plan === "free" && billingEnabled(config);
  const operatorSets = !billingEnabled(config) && limits.plan === "free";
  const plan = `Your ${limits.name} plan`;
  const orUpgrade = (more: string) => (canUpgrade ? `, or upgrade to Plus on the Subscription page for ${more}` : "");
  const tail = operatorSets ? " The operator of this service chooses the plan (DEFAULT_PLAN)." : "";
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
        `${plan} allows ${limits.maxAttachmentsPerMessage} attachments per message and this one has ${what.usage}. ${deleteToAdd(what.usage, limits.maxAttachmentsPerMessage, "attachment")}${orUpgrade(`up to ${plus.maxAttachmentsPerMessage}`)}.${tail}`,
        { file: `At most ${limits.maxAttachmentsPerMessage} attachments on your plan` },
      );
    case "attachment_bytes":
      return new AppError(
        "plan_limit",
        `${plan} allows files of up to ${megabytes(limits.maxAttachmentBytes)} and this one is ${megabytes(what.usage)}. Choose a smaller file${orUpgrade(`files up to ${megabytes(plus.maxAttachmentBytes)}`)}.${tail}`,
        { file: `At most ${megabytes(limits.maxAttachmentBytes)} on your plan` },
      );
    case "channels": {
      const words: Record<Channel, string> = { email: "e-mail", whatsapp: "WhatsApp", sms: "SMS" };
      const asked = what.channels.map((c) => words[c]).join(" and ");
      const allowed = limits.channels.map((c) => words[c]).join(", ");
      const upgrade = canUpgrade ? ", or upgrade to Plus on the Subscription page for WhatsApp and SMS" : "";
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

/**
 * How many must go before one more fits: after a downgrade an account can be well over a limit
 * (7 messages on Free's 3), and "Delete a message" would read as if one were enough.
 */
export function deleteToAdd(usage: number, limit: number, item: "message" | "recipient" | "attachment"): string {
  const excess = usage - limit + 1;
  if (excess <= 1) return `Delete ${item === "attachment" ? "an" : "a"} ${item}`;
  return `Delete ${excess} ${item}s to add one`;
}

export function megabytes(bytes: number): string {
  const mb = bytes / 1024 / 1024;
  return `${Number.isInteger(mb) ? mb : mb.toFixed(1)} MB`;
}
