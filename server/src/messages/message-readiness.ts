import type { Condition } from "@trigger-switch/contracts";

/**
 * Whether the message can actually be delivered, and if not, why, in words the owner can act on.
 * Drafts are allowed: a message without recipients or conditions can be saved, but it is "not
 * ready", and the engine never delivers to nobody.
 */
export function messageReadiness({ recipientCount, conditions }: { recipientCount: number; conditions: Pick<Condition, "active" | "is_armed">[] }): { ready: boolean; problems: string[] } {
  const problems: string[] = [];
  if (recipientCount === 0) problems.push("Choose at least one recipient: without one this message goes to nobody.");
  if (conditions.length === 0) problems.push("Add a trigger condition: without one this message is never sent.");
  else if (!conditions.some((c) => c.active && c.is_armed)) problems.push("No condition is armed and in force, so nothing will send this message.");
  return { ready: problems.length === 0, problems };
}
