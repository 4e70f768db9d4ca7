import { rowDeliveries, type DeliveryRow, type WorkContext } from "./work-types.ts";
import { nextRetryAt } from "./retry-policy.ts";

export type RowOutcome =
  | { status: "sent" }
  | { status: "retry"; at: Date; reason: string }
  | { status: "parked"; reason: string }
  | { status: "handed_back" };

/**
 * A row after its attempt, from the deliveries it is settled by (rowDeliveries) as they now stand
 * (the attempts applied in memory).
 */
export function rowOutcome(ctx: WorkContext, now: Date): RowOutcome {
  const all = rowDeliveries(ctx);
  const attempts = ctx.row.attempts + 1;
  const pending = all.filter((d) => d.status === "pending");
  const failed = all.filter((d) => d.status === "failed");
  const reasons = (list: DeliveryRow[]) =>
    [...new Set(list.map((d) => `${d.address || "(no address)"}: ${d.lastError ?? "unknown error"}`))].join("; ");
  if (pending.length > 0) {
    const policy = nextRetryAt({ strategy: ctx.row.retryStrategy, attempts, scheduledAt: ctx.row.scheduledAt, now });
    // Never sooner than a provider asked (Retry-After, capped where it was read).
    const at = policy && ctx.notBefore && ctx.notBefore > policy ? ctx.notBefore : policy;
    return at
      ? { status: "retry", at, reason: reasons(pending) }
      : { status: "parked", reason: `Gave up after ${attempts} attempts. ${reasons(pending)}` };
  }
  if (ctx.row.reminderType === "final_delivery" && !all.some((d) => d.kind === "release"))
    return { status: "parked", reason: "The message has no recipients to deliver to." };
  if (failed.length > 0) return { status: "parked", reason: reasons(failed) };
  return { status: "sent" };
}
