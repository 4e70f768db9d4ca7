import { canFire } from "./conditions/can-fire.ts";
import type { Condition } from "./conditions/condition-schema.ts";
import type { RecipientChannel } from "./recipients.ts";
import { reachingChannels, unreachableProblem, type ReachableRecipient } from "./recipient-reach.ts";

/**
 * Whether the message can actually be delivered, and if not, why, in words the owner can act on.
 * Drafts are allowed: a message without recipients or conditions can be saved, but it is "not
 * ready", and the engine never delivers to nobody. `delivered`: the channels this server sends by
 * (`deliveredChannels` of GET /api/channels; the server's own `deliversBy`).
 */
export function messageReadiness({
  recipients,
  conditions,
  delivered,
}: {
  recipients: (ReachableRecipient & { name: string })[];
  conditions: Pick<Condition, "condition_type" | "active" | "is_armed" | "next_deadline">[];
  delivered: readonly RecipientChannel[];
}): { ready: boolean; problems: string[] } {
  const problems: string[] = [];
  if (recipients.length === 0) problems.push("Choose at least one recipient: without one this message goes to nobody.");
  // Saying "ready" for a recipient no channel here can reach would be a promise we break on the
  // worst day of someone's life; saying "not ready" for one it reaches is a false alarm.
  for (const r of recipients.filter((r) => reachingChannels(r, delivered).length === 0))
    problems.push(unreachableProblem(r, delivered));
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
