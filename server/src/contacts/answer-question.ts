import { DEFAULT_CONFIRMATION_SETTINGS } from "@trigger-switch/contracts";
import { eq, or } from "drizzle-orm";
import type { Clock } from "../clock.ts";
import type { MasterKeys } from "../crypto/master-keys.ts";
import type { Db, Tx } from "../db/connect.ts";
import { confirmationQuestions, messageConditions, reminderSchedule, sentReminders } from "../db/schema.ts";
import { effectiveDeadline } from "../engine/effective-deadline.ts";
import { releaseMessages } from "../engine/release-message.ts";
import { rescheduleConditions, scheduleKey } from "../engine/reschedule-condition.ts";
import { hashSecretToken } from "../engine/secret-token.ts";
import { carryOutStage } from "./carry-out-stage.ts";
import { stepConfirmation, type Answer, type AnswerReply } from "./confirmation-stage.ts";
import { confirmationOf, readStages } from "./stage-context.ts";

export type QuestionOutcome =
  | { kind: "answered"; ownerFirstName: string; reply: AnswerReply }
  /** The link is of an earlier question about this owner, closed since; a newer one may be open. */
  | { kind: "superseded"; ownerFirstName: string }
  /** No such link (mistyped, forged, or of a deleted account or condition). */
  | { kind: "unknown" };

/**
 * A trusted contact's answer through their question's link (docs/decisions/041). Taken under the
 * condition's row lock, the lock a check-in and the engine take, so an answer racing a check-in,
 * the window's end or another answer has one order and one outcome. The stage decides
 * (confirmation-stage.ts); a hold moves the deadline and tells the owner; the release answers
 * needed (or an answer once the window is over) release at once, in this transaction.
 */
export async function answerQuestion({
  db,
  clock,
  masterKeys,
  siteUrl,
  token,
  answer,
}: {
  db: Db;
  clock: Clock;
  masterKeys: MasterKeys;
  siteUrl: string;
  token: string;
  answer: Answer;
}): Promise<QuestionOutcome> {
  const question = await questionOfLink(db, token);
  if (!question) return { kind: "unknown" };
  return answerAskedQuestion({ db, clock, masterKeys, siteUrl, question, answer });
}

/** The question a link names: the question's own link, or its reminder's (remind-unanswered.ts). */
export async function questionOfLink(
  db: Db,
  token: string,
): Promise<typeof confirmationQuestions.$inferSelect | undefined> {
  const hash = hashSecretToken(token);
  const [question] = await db
    .select()
    .from(confirmationQuestions)
    .where(or(eq(confirmationQuestions.linkHash, hash), eq(confirmationQuestions.reminderLinkHash, hash)));
  return question;
}

/** The same, for a question already found (by its link, or by the number a reply came from). */
export async function answerAskedQuestion({
  db,
  clock,
  masterKeys,
  siteUrl,
  question,
  answer,
}: {
  db: Db;
  clock: Clock;
  masterKeys: MasterKeys;
  siteUrl: string;
  question: typeof confirmationQuestions.$inferSelect;
  answer: Answer;
}): Promise<QuestionOutcome> {
  return db.transaction(async (tx) => {
    const [condition] = await tx
      .select()
      .from(messageConditions)
      .where(eq(messageConditions.id, question.conditionId))
      .for("update");
    if (!condition) return { kind: "unknown" };
    const now = clock.now();
    // Settings turned off since the question was asked still let it be answered: the stage decides.
    const settings = confirmationOf(condition) ?? DEFAULT_CONFIRMATION_SETTINGS;
    const stage = (await readStages(tx, [{ condition, settings }], now)).get(condition.id)!;
    const deps = { tx, clock, masterKeys, siteUrl };
    const ownerFirstName = stage.owner.firstName;
    if (stage.state.kind === "armed" || stage.state.deadline.getTime() !== question.deadline.getTime()) {
      if (stage.effects.length > 0) await carryOutStage(deps, stage);
      return { kind: "superseded", ownerFirstName };
    }
    const step = stepConfirmation(
      stage.state,
      { type: "answer", contactId: question.contactId, answer },
      settings,
      now,
    );
    stage.state = step.state;
    stage.effects.push(...step.effects);
    const { release } = await carryOutStage(deps, stage);
    if (release) await releaseNow(tx, { clock, masterKeys, conditionId: condition.id });
    return { kind: "answered", ownerFirstName, reply: step.reply! };
  });
}

/**
 * Releases the condition's message now, through the engine's release path: the release row due at
 * the window's end is acted on here (the `final_delivery` once-key taken, grants and deliveries
 * written, `released_at` set) and handed to the engine, which sends it on its next pass. If the
 * engine released it first, the key is taken and nothing happens twice.
 */
async function releaseNow(
  tx: Tx,
  { clock, masterKeys, conditionId }: { clock: Clock; masterKeys: MasterKeys; conditionId: string },
): Promise<void> {
  const now = clock.now();
  const [condition] = await tx.select().from(messageConditions).where(eq(messageConditions.id, conditionId));
  const due = condition && effectiveDeadline(condition, now);
  if (!condition || !due) return;
  // The row exists (the stage moved the deadline to it); this only revives one made obsolete.
  await rescheduleConditions({ db: tx, clock, conditions: [condition] });
  const [row] = await tx
    .select()
    .from(reminderSchedule)
    .where(eq(reminderSchedule.idempotencyKey, scheduleKey("final_delivery", condition.id, due.deadline, 0)))
    .for("update");
  if (!row) throw new Error(`condition ${condition.id}: no release row at ${due.deadline.toISOString()}`);
  const taken = await tx
    .insert(sentReminders)
    .values({
      messageId: row.messageId,
      conditionId: row.conditionId,
      userId: row.userId,
      deadline: row.deadline,
      kind: "final_delivery",
      createdAt: now,
    })
    .onConflictDoNothing()
    .returning({ kind: sentReminders.kind });
  if (taken.length === 0) return;
  await releaseMessages({ tx, clock, masterKeys, releases: [{ row, condition, ruleDeadline: due.ruleDeadline }] });
  // A worker holding this row's claim finds it no longer claimed and leaves it (commit-batch.ts).
  await tx
    .update(reminderSchedule)
    .set({
      status: "pending",
      releasedAt: now,
      nextAttemptAt: now,
      lockedUntil: null,
      claimedBy: null,
      updatedAt: now,
    })
    .where(eq(reminderSchedule.id, row.id));
}
