import { formatMailWhen } from "@trigger-switch/contracts";
import { and, eq, inArray, isNull, lte, or, sql } from "drizzle-orm";
import { reminderEnvelope } from "../channels/delivery/phone-envelopes.ts";
import type { Clock } from "../clock.ts";
import type { MasterKeys } from "../crypto/master-keys.ts";
import type { Tx } from "../db/connect.ts";
import { arrayLiteral } from "../db/in-ids.ts";
import { insertRows } from "../db/insert-rows.ts";
import { checkInTokens, confirmationQuestions, deliveries } from "../db/schema.ts";
import { effectiveDeadline } from "../engine/effective-deadline.ts";
import { CHECK_IN_LINK_MARGIN_MS } from "../engine/issue-check-in-token.ts";
import {
  enqueueOwnerNotices,
  enqueueOwnerPhoneNotices,
  type OwnerPhoneNotice,
  type QueuedNotice,
} from "../engine/owner-notices.ts";
import { rescheduleConditions } from "../engine/reschedule-condition.ts";
import { newSecretToken } from "../engine/secret-token.ts";
import { checkInPageUrl } from "../mail/web-links.ts";
import { closedMail, heldMail, lastAlertMail, questionMail, type StageMailContext } from "./confirmation-mail.ts";
import type { ReleaseReason } from "./confirmation-stage.ts";
import { contactNotice, type ContactNoticeContent } from "./contact-notice.ts";
import { contactName, writeStages, type ConditionRow, type Stage } from "./stage-context.ts";

export interface StageDeps {
  tx: Tx;
  clock: Clock;
  masterKeys: MasterKeys;
  siteUrl: string;
}

/**
 * Carries out what a step of each stage asked for, in the caller's transaction under the
 * conditions' row locks, and writes the stages. Every mail is a queued notice with a key naming its
 * question, so carrying out the same step twice never writes twice. A release is not done here:
 * it is returned (in the stages' order), for the engine's or the answer's release path. Each stage
 * is left as written: its effects done, its condition with the deadline as moved.
 *
 * Set-based, as the engine's releases are (docs/decisions/012): the stages are worded in memory
 * first, then written with one statement per kind of row for all of them (moved deadlines, their
 * schedules, questions, check-in links, notices, withdrawn notices, the stages), so a batch of
 * deadlines that become questions costs a few statements, not a dozen per condition.
 */
export async function carryOutStages(
  deps: StageDeps,
  stages: Stage[],
  /** Deadlines to move before the effects, by condition: a window that has not ended keeps its release row. */
  moveFirst: ReadonlyMap<string, Date> = new Map(),
): Promise<(ReleaseReason | null)[]> {
  const { tx, clock, masterKeys, siteUrl } = deps;
  const now = clock.now();
  const moved = new Map<string, ConditionRow>();
  const questions: { row: typeof confirmationQuestions.$inferInsert; notices: ReturnType<typeof contactNotice>[] }[] =
    [];
  const tokens: (typeof checkInTokens.$inferInsert)[] = [];
  const mails: QueuedNotice[] = [];
  const phones: OwnerPhoneNotice[] = [];
  const withdrawn: string[] = [];
  const queue = (notice: ReturnType<typeof contactNotice>) =>
    "mail" in notice ? mails.push(notice.mail) : phones.push(notice.phone);

  const releases = stages.map((stage) => {
    const { condition, owner, state } = stage;
    const mail: StageMailContext = { ownerFirstName: owner.firstName, timeZone: owner.timeZone, siteUrl };
    const question = state.kind === "armed" ? null : state.deadline;
    const key = (what: string) => questionNoticeKey(condition.id, question, what);
    const toContact = (contactId: string, what: string, content: ContactNoticeContent) => {
      const contact = stage.contacts.get(contactId);
      return contact
        ? [
            contactNotice({
              now,
              userId: condition.userId,
              ownerFirstName: owner.firstName,
              contact,
              key: key(`${contactId}:${what}`),
              content,
            }),
          ]
        : [];
    };
    const move = (to: Date) => {
      const current = moved.get(condition.id) ?? condition;
      const next = movedDeadline(current, to, now);
      if (next !== current) moved.set(condition.id, next);
    };
    const first = moveFirst.get(condition.id);
    if (first) move(first);
    let release: ReleaseReason | null = null;
    for (const effect of stage.effects) {
      switch (effect.type) {
        case "ask_contacts":
          move(effect.endsAt);
          for (const contactId of effect.contactIds) {
            const { token, hash } = newSecretToken();
            const asking = { since: condition.lastChecked, endsAt: effect.endsAt, token };
            questions.push({
              row: {
                conditionId: condition.id,
                contactId,
                userId: condition.userId,
                deadline: question!,
                since: condition.lastChecked,
                endsAt: effect.endsAt,
                linkHash: hash,
                // Asked again then if still unanswered (remind-unanswered.ts).
                remindAt: new Date(now.getTime() + (effect.endsAt.getTime() - now.getTime()) / 2),
                createdAt: now,
              },
              notices: toContact(contactId, "question", questionMail(mail, asking)),
            });
          }
          break;
        case "alert_owner_last": {
          const asked = state.kind === "armed" ? [] : state.asked;
          const names = asked.flatMap((id) => {
            const contact = stage.contacts.get(id);
            return contact ? [contactName(masterKeys, contact)] : [];
          });
          const { token, hash } = newSecretToken();
          tokens.push({
            tokenHash: hash,
            userId: condition.userId,
            expiresAt: new Date(effect.endsAt.getTime() + CHECK_IN_LINK_MARGIN_MS),
            createdAt: now,
          });
          const checkInUrl = checkInPageUrl(siteUrl, token);
          mails.push({
            notice: {
              to: owner.email,
              userId: condition.userId,
              key: key("owner-last-alert"),
              ...lastAlertMail(mail, { endsAt: effect.endsAt, contactNames: names, checkInUrl }),
            },
          });
          // And on every messaging channel their reminders go to: it reads as the reminder it is (a
          // reply checks in too), never naming a message or a contact.
          const phone = owner.phone;
          for (const channel of phone?.channels ?? []) {
            const envelope = reminderEnvelope({
              channel,
              to: phone!.number,
              firstName: owner.firstName,
              deadline: formatMailWhen(effect.endsAt, owner.timeZone),
              link: checkInUrl,
            });
            phones.push({
              userId: condition.userId,
              channel,
              to: phone!.number,
              key: key(`owner-last-alert:${channel}`),
              text: envelope.text,
              template: envelope.template!,
              about: { messageId: condition.messageId, conditionId: condition.id, reminderId: null },
            });
          }
          break;
        }
        case "hold": {
          move(effect.newDeadline);
          const contact = stage.contacts.get(effect.heldBy);
          mails.push({
            notice: {
              to: owner.email,
              userId: condition.userId,
              key: key("held"),
              ...heldMail(mail, {
                heldBy: contact ? contactName(masterKeys, contact) : "A trusted contact",
                newDeadline: effect.newDeadline,
                lastHold: effect.nextReleasesWithoutAsking,
              }),
            },
          });
          break;
        }
        case "tell_contacts_closed":
          for (const contactId of effect.contactIds)
            for (const notice of toContact(contactId, "closed", closedMail(mail, effect.closure))) queue(notice);
          break;
        case "withdraw_question":
          withdrawn.push(key(`${effect.contactId}:question`), key(`${effect.contactId}:reminder`));
          break;
        case "release":
          release = effect.reason;
          break;
      }
    }
    // A reminder is for a contact who has not answered an open question: one queued (when it fell
    // due, or with the question before reminders waited for their moment) and not sent yet goes.
    if (state.kind !== "armed")
      for (const id of state.asked)
        if (state.kind !== "confirming" || state.answers[id] !== undefined) withdrawn.push(key(`${id}:reminder`));
    return release;
  });

  if (moved.size > 0) {
    const rows = [...moved.values()];
    await tx.execute(sql`update message_conditions c set shifted_deadline = v.shifted, deadline_shift_ms = v.ms,
        deadline_shift_reason = 'trusted_contacts', updated_at = ${now.toISOString()}::timestamptz
      from (select unnest(${arrayLiteral(rows.map((r) => r.id))}::uuid[]) id,
        unnest(${arrayLiteral(rows.map((r) => r.shiftedDeadline!.toISOString()))}::timestamptz[]) shifted,
        unnest(${arrayLiteral(rows.map((r) => r.deadlineShiftMs))}::bigint[]) ms) v
      where c.id = v.id`);
    await rescheduleConditions({ db: tx, clock, conditions: rows });
  }
  if (questions.length > 0) {
    // A question asked before (a step carried out again) keeps its link, and its mails are queued already.
    const asked = new Set(
      (
        await insertRows(
          tx,
          confirmationQuestions,
          questions.map((q) => q.row),
          sql`on conflict do nothing returning condition_id, contact_id`,
        )
      ).map((r) => `${String(r.condition_id)}:${String(r.contact_id)}`),
    );
    for (const q of questions)
      if (asked.has(`${q.row.conditionId}:${q.row.contactId}`)) for (const notice of q.notices) queue(notice);
  }
  if (tokens.length > 0) await insertRows(tx, checkInTokens, tokens);
  await enqueueOwnerNotices(tx, { masterKeys, now, notices: mails });
  await enqueueOwnerPhoneNotices(tx, { masterKeys, now, notices: phones });
  await withdrawNotices(tx, withdrawn, now);
  // The stages as written: their effects done, their conditions as moved.
  for (const stage of stages) {
    stage.condition = moved.get(stage.condition.id) ?? stage.condition;
    stage.effects = [];
  }
  await writeStages(tx, stages, now);
  return releases;
}

/** Names a notice about the question of one reached deadline (`what`: `<contact>:question`, `owner-last-alert`…). */
export const questionNoticeKey = (conditionId: string, deadline: Date | null, what: string) =>
  `confirmation:${conditionId}:${deadline?.toISOString()}:${what}`;

/** One stage's step carried out (carryOutStages). */
export async function carryOutStage(deps: StageDeps, stage: Stage): Promise<{ release: ReleaseReason | null }> {
  const [release] = await carryOutStages(deps, [stage]);
  return { release: release ?? null };
}

/**
 * The condition with its deadline moved to `to` by the downtime guard's mechanism (the rule
 * deadline shifted), so the release row falls due then, and a check-in (a new rule deadline) undoes
 * it by itself; the same condition when it has no deadline.
 */
function movedDeadline(condition: ConditionRow, to: Date, now: Date): ConditionRow {
  const due = effectiveDeadline(condition, now);
  if (!due) return condition;
  return {
    ...condition,
    shiftedDeadline: due.ruleDeadline,
    deadlineShiftMs: to.getTime() - due.ruleDeadline.getTime(),
    deadlineShiftReason: "trusted_contacts" as const,
  };
}

/** Notices no longer wanted (a removed contact's question, a reminder answered) are not sent unless already being sent. */
async function withdrawNotices(tx: Tx, keys: string[], now: Date): Promise<void> {
  if (keys.length === 0) return;
  await tx.delete(deliveries).where(
    and(
      inArray(
        deliveries.idempotencyKey,
        keys.map((k) => `notice:${k}`),
      ),
      eq(deliveries.status, "pending"),
      or(isNull(deliveries.lockedUntil), lte(deliveries.lockedUntil, now)),
    ),
  );
}
