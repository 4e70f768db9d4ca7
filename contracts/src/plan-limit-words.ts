import type { PlanId } from "./billing.ts";
import { formatDuration } from "./conditions/format-duration.ts";

/**
 * The words of a plan limit, shared by the server's refusals and the web's checks before an upload
 * (docs/decisions/018): the limit, the usage, and how to lift it on this server — "upgrade" only
 * where upgrading exists (billing on, on Free), the operator's choice where billing is off.
 */
export interface PlanWordsContext {
  plan: PlanId;
  /** The plan's name as people read it ("Free"). */
  name: string;
  billingEnabled: boolean;
}

/** ", or upgrade to Plus on the Subscription page for …" and the operator's sentence, as this server allows. */
export function howToLift({ plan, billingEnabled }: PlanWordsContext) {
  const canUpgrade = plan === "free" && billingEnabled;
  const operatorSets = plan === "free" && !billingEnabled;
  return {
    orUpgrade: (more: string) => (canUpgrade ? `, or upgrade to Plus on the Subscription page for ${more}` : ""),
    tail: operatorSets ? " The operator of this service chooses the plan (DEFAULT_PLAN)." : "",
  };
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

/** "Your Free plan allows 3 attachments per message and this one has 3. Delete an attachment, or upgrade …" */
export function attachmentCountSentence(
  ctx: PlanWordsContext,
  { max, plusMax, usage }: { max: number; plusMax: number; usage: number },
): string {
  const { orUpgrade, tail } = howToLift(ctx);
  return `Your ${ctx.name} plan allows ${max} attachments per message and this one has ${usage}. ${deleteToAdd(usage, max, "attachment")}${orUpgrade(`up to ${plusMax}`)}.${tail}`;
}

/** "Your Free plan allows files of up to 10 MB and this one is 11 MB. Choose a smaller file, or upgrade …" */
export function attachmentSizeSentence(
  ctx: PlanWordsContext,
  { maxBytes, plusMaxBytes, size }: { maxBytes: number; plusMaxBytes: number; size: number },
): string {
  const { orUpgrade, tail } = howToLift(ctx);
  return `Your ${ctx.name} plan allows files of up to ${megabytes(maxBytes)} and this one is ${megabytes(size)}. Choose a smaller file${orUpgrade(`files up to ${megabytes(plusMaxBytes)}`)}.${tail}`;
}

/** What the editor says when it offers no interval shorter than the plan's: one line, naming the plan. */
export function checkInIntervalReason(
  ctx: PlanWordsContext,
  { minMinutes, plusMinMinutes }: { minMinutes: number; plusMinMinutes: number },
): string {
  const canUpgrade = ctx.plan === "free" && ctx.billingEnabled;
  const { tail } = howToLift(ctx);
  return `Your ${ctx.name} plan allows check-in intervals of ${formatDuration(minMinutes)} or more, so shorter ones are not offered.${canUpgrade ? ` Plus on the Subscription page allows ${formatDuration(plusMinMinutes)}.` : ""}${tail}`;
}

/** An editor's view of the plan: its words and the numbers it checks against. */
export interface PlanAttachmentRules {
  ctx: PlanWordsContext;
  maxFiles: number;
  maxBytes: number;
  plusMaxFiles: number;
  plusMaxBytes: number;
}
export interface PlanCheckInRules {
  ctx: PlanWordsContext;
  minMinutes: number;
  plusMinMinutes: number;
}
