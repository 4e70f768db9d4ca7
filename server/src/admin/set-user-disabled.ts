import { deliverAtTooSoon } from "@trigger-switch/contracts";
import { and, eq, inArray, isNull } from "drizzle-orm";
import type { Clock } from "../clock.ts";
import type { Config } from "../config.ts";
import type { MasterKeys } from "../crypto/master-keys.ts";
import type { Db, Tx } from "../db/connect.ts";
import { accountHolds, messageConditions, sessions, users } from "../db/schema.ts";
import { enqueueOwnerNotice } from "../engine/owner-notices.ts";
import { rescheduleCondition } from "../engine/reschedule-condition.ts";
import { AppError, notFound } from "../errors.ts";
import { isUuid } from "../db/owned-row.ts";
import { renderMail } from "../mail/layout.ts";
import { recordAdminAction, type AdminActor } from "./record-admin-action.ts";

/** banned_until of a disabled account: "until an admin enables it". */
export const DISABLED_UNTIL = new Date("9999-12-31T23:59:59Z");

export interface DisableOutcome {
  /** Switches disarmed and held by this call (disable). */
  held: number;
  /** Held switches armed again with a fresh clock (enable). */
  rearmed: number;
  /** Held switches that could not be armed again, as sentences for the admin (enable). */
  notRearmed: string[];
}

/**
 * Disable: sign-in, token refresh and every API call are refused (the auth service's banned_until
 * checks), all sessions end, and the account's armed switches are HELD — disarmed and remembered —
 * so nothing of theirs is released while they cannot check in (docs/decisions/019).
 * Enable: the account works again and exactly the held switches are armed with a fresh clock.
 * The owner is told in the same transaction (tellOwner), when the account's state really changed.
 */
export async function setUserDisabled(opts: {
  db: Db;
  clock: Clock;
  config: Config;
  masterKeys: MasterKeys;
  actor: AdminActor;
  userId: string;
  disabled: boolean;
  reason?: string;
}): Promise<DisableOutcome> {
  const { db, clock, actor, userId, disabled } = opts;
  if (!isUuid(userId)) throw notFound("No such user");
  if (disabled && userId === actor.user.id)
    throw new AppError("conflict", "You cannot disable your own account: ask another admin.");
  const now = clock.now();
  return db.transaction(async (tx) => {
    const [user] = await tx
      .select({ id: users.id, email: users.email, bannedUntil: users.bannedUntil })
      .from(users)
      .where(eq(users.id, userId))
      .for("update");
    if (!user) throw notFound("No such user");
    const wasDisabled = user.bannedUntil !== null && user.bannedUntil.getTime() > now.getTime();
    const outcome: DisableOutcome = { held: 0, rearmed: 0, notRearmed: [] };
    if (disabled) {
      await tx.update(users).set({ bannedUntil: DISABLED_UNTIL, updatedAt: now }).where(eq(users.id, userId));
      await tx
        .update(sessions)
        .set({ revokedAt: now, updatedAt: now })
        .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
      const armed = await tx
        .select({ id: messageConditions.id })
        .from(messageConditions)
        .where(
          and(
            eq(messageConditions.userId, userId),
            eq(messageConditions.active, true),
            eq(messageConditions.isArmed, true),
          ),
        )
        .for("update");
      if (armed.length > 0) {
        await tx
          .insert(accountHolds)
          .values(armed.map((c) => ({ conditionId: c.id, userId, heldAt: now })))
          .onConflictDoNothing();
        await tx
          .update(messageConditions)
          .set({ isArmed: false, updatedAt: now })
          .where(
            inArray(
              messageConditions.id,
              armed.map((c) => c.id),
            ),
          );
        // Pending reminders and deliveries of the held switches become obsolete.
        for (const c of armed) await rescheduleCondition({ db: tx, clock, conditionId: c.id });
      }
      outcome.held = armed.length;
    } else {
      await tx.update(users).set({ bannedUntil: null, updatedAt: now }).where(eq(users.id, userId));
      const held = await tx
        .select({ condition: messageConditions })
        .from(accountHolds)
        .innerJoin(messageConditions, eq(messageConditions.id, accountHolds.conditionId))
        .where(eq(accountHolds.userId, userId))
        .for("update");
      for (const { condition } of held) {
        if (condition.isArmed) continue;
        // Arming restarts the clock: a date that passed while the account was held would fire at once.
        if (condition.deliverAt && deliverAtTooSoon(condition.deliverAt, now)) {
          outcome.notRearmed.push(
            `A switch set for ${condition.deliverAt.toISOString()} stays disarmed: its date passed while the account was disabled.`,
          );
          continue;
        }
        await tx
          .update(messageConditions)
          .set({
            isArmed: true,
            active: true,
            lastChecked: now,
            armedAt: now,
            shiftedDeadline: null,
            deadlineShiftMs: 0,
            updatedAt: now,
          })
          .where(eq(messageConditions.id, condition.id));
        await rescheduleCondition({ db: tx, clock, conditionId: condition.id });
        outcome.rearmed++;
      }
      await tx.delete(accountHolds).where(eq(accountHolds.userId, userId));
    }
    const auditId = await recordAdminAction(tx, {
      actor,
      action: disabled ? "user.disable" : "user.enable",
      targetType: "user",
      targetId: userId,
      details: {
        email: user.email,
        reason: opts.reason || null,
        held: outcome.held,
        rearmed: outcome.rearmed,
        not_rearmed: outcome.notRearmed.length,
      },
      at: now,
    });
    // Disabling a disabled account (a second click) changes nothing the owner has not been told.
    if (wasDisabled !== disabled) await tellOwner(tx, opts, { userId, email: user.email, auditId, now }, outcome);
    return outcome;
  });
}

/**
 * The account's owner hears what happened to their switches: a notice queued with the change
 * (engine/owner-notices.ts), sent by the engine with retries, keyed by the change's audit entry.
 */
async function tellOwner(
  tx: Tx,
  opts: { config: Config; masterKeys: MasterKeys; disabled: boolean },
  who: { userId: string; email: string; auditId: string; now: Date },
  outcome: DisableOutcome,
): Promise<void> {
  const mail = opts.disabled
    ? renderMail({
        heading: "Your Trigger Switch account is disabled",
        paragraphs: [
          "The operator of this Trigger Switch service has disabled your account. You cannot sign in until it is enabled again.",
          outcome.held === 1
            ? "Your armed switch is paused: nothing will be sent to your recipients while the account is disabled. When it is enabled, it is armed again with a fresh clock."
            : outcome.held > 1
              ? `Your ${outcome.held} armed switches are paused: nothing will be sent to your recipients while the account is disabled. When it is enabled, they are armed again with a fresh clock.`
              : "You had no armed switches, so nothing is waiting to be sent.",
          // MAIL_FROM is often a no-reply address: a reply may reach nobody.
          "If you think this is a mistake, contact the operator of this service.",
        ],
      })
    : renderMail({
        heading: "Your Trigger Switch account is enabled again",
        paragraphs: [
          "You can sign in again.",
          outcome.rearmed === 1
            ? "Your paused switch is armed again, with its clock starting now."
            : outcome.rearmed > 1
              ? `Your ${outcome.rearmed} paused switches are armed again, with their clocks starting now.`
              : "No paused switch needed arming again.",
          ...outcome.notRearmed,
          "Please sign in and check your messages.",
        ],
        action: { label: "Sign in", url: `${opts.config.SITE_URL}/login` },
      });
  const subject = opts.disabled ? "Your account is disabled" : "Your account is enabled again";
  const notice = {
    to: who.email,
    userId: who.userId,
    key: `account:${who.userId}:${opts.disabled ? "disabled" : "enabled"}:${who.auditId}`,
    subject,
    ...mail,
  };
  await enqueueOwnerNotice(tx, { masterKeys: opts.masterKeys, now: who.now, notice });
}
