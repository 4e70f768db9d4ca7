import { lte, sql } from "drizzle-orm";
import type { Db } from "../db/connect.ts";
import { arrayLiteral } from "../db/in-ids.ts";
import { confirmationQuestions } from "../db/schema.ts";
import {
  enqueueOwnerNotices,
  enqueueOwnerPhoneNotices,
  type OwnerPhoneNotice,
  type QueuedNotice,
} from "../engine/owner-notices.ts";
import { newSecretToken } from "../engine/secret-token.ts";
import { questionNoticeKey, type StageDeps } from "./carry-out-stage.ts";
import { questionMail } from "./confirmation-mail.ts";
import { contactNotice } from "./contact-notice.ts";
import { lockAndReadStages } from "./stage-context.ts";

/** Questions looked at per pass; more wait for the next pass. */
const REMINDERS_PER_PASS = 500;

/**
 * Asks again, halfway through the window, each contact who has not answered a question still open
 * (docs/decisions/041). The reminder is worded, sealed and queued only now, with a link of its own
 * (the question's link is kept only as a hash): most questions are answered or closed before
 * halfway, and a burst of deadlines then writes the questions alone. Claimed with SKIP LOCKED, under
 * the conditions' row locks as an answer takes them, and queued under the same key a reminder always
 * had, so a pass run twice or by two workers reminds once. Returns how many were reminded.
 */
export async function remindUnansweredQuestions(deps: Omit<StageDeps, "tx"> & { db: Db }): Promise<number> {
  const { db, clock, masterKeys, siteUrl } = deps;
  const now = clock.now();
  return db.transaction(async (tx) => {
    const due = await tx
      .select()
      .from(confirmationQuestions)
      .where(lte(confirmationQuestions.remindAt, now))
      .orderBy(confirmationQuestions.remindAt)
      .limit(REMINDERS_PER_PASS)
      .for("update", { skipLocked: true });
    if (due.length === 0) return 0;
    // Caught up as an answer would see it: a check-in since, a contact gone, the window moved.
    const stages = await lockAndReadStages(
      tx,
      due.map((q) => q.conditionId),
      now,
    );
    const mails: QueuedNotice[] = [];
    const phones: OwnerPhoneNotice[] = [];
    const reminded = new Map<string, string>();
    for (const question of due) {
      const stage = stages.get(question.conditionId);
      const contact = stage?.contacts.get(question.contactId);
      if (!stage || !contact) continue;
      const { state, owner } = stage;
      const unanswered =
        state.kind === "confirming" &&
        state.deadline.getTime() === question.deadline.getTime() &&
        state.endsAt.getTime() > now.getTime() &&
        state.answers[question.contactId] === undefined &&
        !state.removed.includes(question.contactId) &&
        stage.askable.includes(question.contactId);
      if (!unanswered) continue;
      const { token, hash } = newSecretToken();
      const notice = contactNotice({
        now,
        userId: question.userId,
        ownerFirstName: owner.firstName,
        contact,
        key: questionNoticeKey(question.conditionId, question.deadline, `${question.contactId}:reminder`),
        content: questionMail(
          { ownerFirstName: owner.firstName, timeZone: owner.timeZone, siteUrl },
          { since: question.since, endsAt: state.endsAt, token },
          { reminder: true },
        ),
      });
      if ("mail" in notice) mails.push(notice.mail);
      else phones.push(notice.phone);
      reminded.set(question.id, hash);
    }
    await tx.execute(sql`update confirmation_questions q set remind_at = null,
        reminder_link_hash = coalesce(v.hash, q.reminder_link_hash)
      from (select unnest(${arrayLiteral(due.map((q) => q.id))}::uuid[]) id,
        unnest(${arrayLiteral(due.map((q) => reminded.get(q.id) ?? null))}::text[]) hash) v
      where q.id = v.id`);
    await enqueueOwnerNotices(tx, { masterKeys, now, notices: mails });
    await enqueueOwnerPhoneNotices(tx, { masterKeys, now, notices: phones });
    return reminded.size;
  });
}
