import { canFire } from "./conditions/can-fire.ts";
import type { Condition } from "./conditions/condition-schema.ts";

/**
 * Whether the message can actually be delivered, and if not, why, in words the owner can act on.
 * Drafts are allowed: a message without recipients or conditions can be saved, but it is "not
 * ready", and the engine never delivers to nobody.
 */
export function messageReadiness({
  recipients,
  conditions,
}: {
  recipients: { name: string; email: string | null }[];
  conditions: Pick<Condition, "condition_type" | "active" | "is_armed" | "next_deadline">[];
}): { ready: boolean; problems: string[] } {
  const problems: string[] = [];
  if (recipients.length === 0) problems.push("Choose at least one recipient: without one this message goes to nobody.");
  // E-mail is the only delivery channel the engine has today; saying "ready" for a recipient it
  // cannot reach would be a promise we break on the worst day of someone's life.
  for (const r of recipients.filter((r) => !r.email)) {
    problems.push(
      `${r.name} has no e-mail address. Messages go out by e-mail for now (WhatsApp and SMS are not available yet): add one, or ${r.name} will not receive this message.`,
    );
  }
  if (conditions.length === 0) problems.push("Add a trigger condition: without one this message is never sent.");
  else if (!conditions.some(canFire)) {
    problems.push(
      conditions.some((c) => c.active && c.is_armed)
        ? "Your check-in cancelled this message's delivery date, so nothing will send it. Arm the condition again with a new date to keep it in force."
        : "No condition is armed and in force, so nothing will send this message.",
    );
  }
  return { ready: problems.length === 0, problems };
}
