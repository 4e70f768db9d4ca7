import { formatMailWhen } from "@trigger-switch/contracts";
import { and, eq, inArray, isNull, lte, or } from "drizzle-orm";
import { reminderEnvelope } from "../channels/delivery/phone-envelopes.ts";
import type { Clock } from "../clock.ts";
import type { MasterKeys } from "../crypto/master-keys.ts";
import type { Tx } from "../db/connect.ts";
import { confirmationQuestions, deliveries, messageConditions } from "../db/schema.ts";
import { effectiveDeadline } from "../engine/effective-deadline.ts";
import { issueCheckInToken } from "../engine/issue-check-in-token.ts";
import { enqueueOwnerNotice, enqueueOwnerPhoneNotices } from "../engine/owner-notices.ts";
import { rescheduleConditions } from "../engine/reschedule-condition.ts";
import { newSecretToken } from "../engine/secret-token.ts";
import { checkInPageUrl } from "../mail/web-links.ts";
import { closedMail, heldMail, lastAlertMail, questionMail, type StageMailContext } from "./confirmation-mail.ts";
import type { ReleaseReason } from "./confirmation-stage.ts";
import { enqueueContactNotice, type ContactNoticeContent } from "./contact-notice.ts";
import { contactName, writeStage, type Stage } from "./stage-context.ts";

export interface StageDeps {
  tx: Tx;
  clock: Clock;
  masterKeys: MasterKeys;
  siteUrl: string;
}

/**
 * Carries out what a step of the stage asked for, in the caller's transaction under the
 * condition's row lock, and writes the stage. Every mail is a queued notice with a key naming its
 * question, so carrying out the same step twice never writes twice. A release is not done here:
 * it is returned, for the engine's or the answer's release path.
 */
export async function carryOutStage(deps: StageDeps, stage: Stage): Promise<{ release: ReleaseReason | null }> {
  const { tx, clock, masterKeys, siteUrl } = deps;
  const now = clock.now();
  const { condition, owner, state } = stage;
  const mail: StageMailContext = { ownerFirstName: owner.firstName, timeZone: owner.timeZone, siteUrl };
  const question = state.kind === "armed" ? null : state.deadline;
  const key = (what: string) => `confirmation:${condition.id}:${question?.toISOString()}:${what}`;
  const toContact = async (contactId: string, what: string, content: ContactNoticeContent, sendAt = now) => {
    const contact = stage.contacts.get(contactId);
    if (!contact) return;
    await enqueueContactNotice(tx, {
      masterKeys,
      now,
      sendAt,
      userId: condition.userId,
      ownerFirstName: owner.firstName,
      contact,
      key: key(`${contactId}:${what}`),
      content,
    });
  };
  let release: ReleaseReason | null = null;
  let current = condition;
  for (const effect of stage.effects) {
    switch (effect.type) {
      case "ask_contacts":
        current = await moveDeadline(deps, current, effect.endsAt);
        for (const contactId of effect.contactIds) {
          const { token, hash } = newSecretToken();
          const asked = await tx
            .insert(confirmationQuestions)
            .values({
              conditionId: condition.id,
              contactId,
              userId: condition.userId,
              deadline: question!,
              since: condition.lastChecked,
              endsAt: effect.endsAt,
              linkHash: hash,
            })
            .onConflictDoNothing()
            .returning({ id: confirmationQuestions.id });
          if (asked.length === 0) continue;
          const asking = { since: condition.lastChecked, endsAt: effect.endsAt, token };
          await toContact(contactId, "question", questionMail(mail, asking));
          // Halfway through the window, unless they answered or the question closed by then.
          const halfway = new Date(now.getTime() + (effect.endsAt.getTime() - now.getTime()) / 2);
          await toContact(contactId, "reminder", questionMail(mail, asking, { reminder: true }), halfway);
        }
        break;
      case "alert_owner_last": {
        const asked = state.kind === "armed" ? [] : state.asked;
        const names = asked.flatMap((id) => {
          const contact = stage.contacts.get(id);
          return contact ? [contactName(masterKeys, contact)] : [];
        });
        const token = await issueCheckInToken({ db: tx, userId: condition.userId, deadline: effect.endsAt, now });
        await enqueueOwnerNotice(tx, {
          masterKeys,
          now,
          notice: {
            to: owner.email,
            userId: condition.userId,
            key: key("owner-last-alert"),
            ...lastAlertMail(mail, {
              endsAt: effect.endsAt,
              contactNames: names,
              checkInUrl: checkInPageUrl(siteUrl, token),
            }),
          },
        });
        // And on every messaging channel their reminders go to: it reads as the reminder it is (a
        // reply checks in too), never naming a message or a contact.
        const phone = owner.phone;
        await enqueueOwnerPhoneNotices(tx, {
          masterKeys,
          now,
          notices: (phone?.channels ?? []).map((channel) => {
            const envelope = reminderEnvelope({
              channel,
              to: phone!.number,
              firstName: owner.firstName,
              deadline: formatMailWhen(effect.endsAt, owner.timeZone),
              link: checkInPageUrl(siteUrl, token),
            });
            return {
              userId: condition.userId,
              channel,
              to: phone!.number,
              key: key(`owner-last-alert:${channel}`),
              text: envelope.text,
              template: envelope.template!,
              about: { messageId: condition.messageId, conditionId: condition.id, reminderId: null },
            };
          }),
        });
        break;
      }
      case "hold": {
        current = await moveDeadline(deps, current, effect.newDeadline);
        const contact = stage.contacts.get(effect.heldBy);
        await enqueueOwnerNotice(tx, {
          masterKeys,
          now,
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
          await toContact(contactId, "closed", closedMail(mail, effect.closure));
        break;
      case "withdraw_question":
        await withdrawNotices(tx, [key(`${effect.contactId}:question`), key(`${effect.contactId}:reminder`)], now);
        break;
      case "release":
        release = effect.reason;
        break;
    }
  }
  // A reminder is for a contact who has not answered an open question.
  if (state.kind !== "armed") {
    const done = state.asked.filter((id) => state.kind !== "confirming" || state.answers[id] !== undefined);
    await withdrawNotices(
      tx,
      done.map((id) => key(`${id}:reminder`)),
      now,
    );
  }
  await writeStage(tx, { condition: current, state, now });
  return { release };
}

/**
 * Moves the condition's deadline to `to` with the downtime guard's mechanism (the rule deadline
 * shifted), so the release row falls due then, and a check-in (a new rule deadline) undoes it by
 * itself. The schedule follows in the same transaction.
 */
export async function moveDeadline(
  { tx, clock }: StageDeps,
  condition: typeof messageConditions.$inferSelect,
  to: Date,
): Promise<typeof messageConditions.$inferSelect> {
  const due = effectiveDeadline(condition, clock.now());
  if (!due) return condition;
  const moved = {
    ...condition,
    shiftedDeadline: due.ruleDeadline,
    deadlineShiftMs: to.getTime() - due.ruleDeadline.getTime(),
    deadlineShiftReason: "trusted_contacts" as const,
  };
  await tx
    .update(messageConditions)
    .set({
      shiftedDeadline: moved.shiftedDeadline,
      deadlineShiftMs: moved.deadlineShiftMs,
      deadlineShiftReason: moved.deadlineShiftReason,
      updatedAt: clock.now(),
    })
    .where(eq(messageConditions.id, condition.id));
  await rescheduleConditions({ db: tx, clock, conditions: [moved] });
  return moved;
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
