import { and, eq, gt, sql } from "drizzle-orm";
import type { Db } from "../db/connect.ts";
import { confirmationStages, messageConditions } from "../db/schema.ts";
import type { Release } from "../engine/release-message.ts";
import { carryOutStages, type StageDeps } from "./carry-out-stage.ts";
import { stepConfirmation } from "./confirmation-stage.ts";
import { confirmationOf, lockAndReadStages, readStages } from "./stage-context.ts";

/**
 * The engine's side of confirm before release (docs/decisions/041), inside the batch transaction
 * that is about to commit `releases` (their conditions locked): a condition with confirmation on
 * does not release when its deadline is reached but asks its contacts, with the deadline moved to
 * the end of their window; at the window's end it releases. Returns which releases go ahead now;
 * the others (`waiting`) were turned into a question, and their row is done.
 */
export async function confirmReleases(
  deps: StageDeps,
  releases: Release[],
): Promise<{ release: Release[]; waiting: Release[] }> {
  const now = deps.clock.now();
  const asking = releases.filter((r) => r.row.reminderType === "final_delivery" && confirmationOf(r.condition));
  if (asking.length === 0) return { release: releases, waiting: [] };
  const stages = await readStages(
    deps.tx,
    asking.map((r) => ({ condition: r.condition, settings: confirmationOf(r.condition)! })),
    now,
  );
  const waiting = new Set<Release>();
  // In rounds of distinct conditions, so one statement never writes a stage twice (the engine
  // acts on one deadline of a condition at a time, so there is one round but for a rare overlap).
  for (let pending = asking; pending.length > 0;) {
    const seen = new Set<string>();
    const round: Release[] = [];
    const later: Release[] = [];
    for (const r of pending) {
      if (seen.has(r.condition.id)) later.push(r);
      else {
        seen.add(r.condition.id);
        round.push(r);
      }
    }
    const moveFirst = new Map<string, Date>();
    const stepped = round.map((r) => {
      const stage = stages.get(r.condition.id)!;
      const step = stepConfirmation(
        stage.state,
        stage.state.kind === "confirming"
          ? { type: "window_ended" }
          : { type: "deadline_reached", deadline: r.row.deadline, activeContactIds: stage.askable },
        stage.settings,
        now,
      );
      stage.state = step.state;
      stage.effects.push(...step.effects);
      // A window that has not ended keeps its release row: never leave a stage with nothing due.
      if (stage.state.kind === "confirming") moveFirst.set(stage.condition.id, stage.state.endsAt);
      return stage;
    });
    const outcomes = await carryOutStages(deps, stepped, moveFirst);
    round.forEach((r, i) => {
      if (!outcomes[i]) waiting.add(r);
    });
    pending = later;
  }
  return { release: releases.filter((r) => !waiting.has(r)), waiting: [...waiting] };
}

/**
 * Tells the contacts of open questions that the owner has checked in since: the check-in itself
 * does not wait for this (it stays one statement), the engine's next pass does it. Finds them
 * through the index of open stages, locks each condition as a check-in does, and carries out the
 * caught-up stage (readStages closes it).
 */
export async function closeQuestionsAfterCheckIn(deps: Omit<StageDeps, "tx"> & { db: Db }): Promise<number> {
  const { db, clock } = deps;
  const candidates = await db
    .select({ conditionId: confirmationStages.conditionId })
    .from(confirmationStages)
    .innerJoin(messageConditions, eq(messageConditions.id, confirmationStages.conditionId))
    .where(
      and(
        sql`${confirmationStages.state}->>'kind' = 'confirming'`,
        gt(messageConditions.lastChecked, confirmationStages.lastCheckedSeen),
      ),
    )
    .limit(500);
  if (candidates.length === 0) return 0;
  return db.transaction(async (tx) => {
    const stages = await lockAndReadStages(
      tx,
      candidates.map((c) => c.conditionId),
      clock.now(),
    );
    const closed = [...stages.values()].filter((stage) => stage.state.kind !== "confirming");
    await carryOutStages({ ...deps, tx }, closed);
    return closed.length;
  });
}
