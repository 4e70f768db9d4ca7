import { CHECK_IN_CONDITION_TYPES, formatDuration, formatMailWhen } from "@trigger-switch/contracts";
import { and, eq, gte, inArray, sql } from "drizzle-orm";
import type { Clock } from "../clock.ts";
import type { Config } from "../config.ts";
import type { MasterKeys } from "../crypto/master-keys.ts";
import type { Db, Tx } from "../db/connect.ts";
import { accessRequests, engineHeartbeat, messageConditions, profiles, users } from "../db/schema.ts";
import { renderMail } from "../mail/layout.ts";
import { effectiveDeadline } from "./effective-deadline.ts";
import { enqueueOwnerNotice } from "./owner-notices.ts";
import { rescheduleCondition } from "./reschedule-condition.ts";

export interface Outage {
  from: Date;
  to: Date;
  /** Conditions whose deadline was moved. */
  shifted: number;
}

/**
 * Our outage must never release anyone's message. Each tick beats the heartbeat; a gap longer
 * than `thresholdMs` since the last beat means no engine ran (crash, deploy, database down).
 * Before anything fires, every deadline that fell inside the outage — or falls within one outage
 * length after it, because those owners lost their reminders and their time to react — is moved
 * by the outage length, the schedules are regenerated and the owners' notices are queued, all in
 * one transaction (the notice goes out with retries, owner-notices.ts; a stalled mail server can
 * delay it, never lose it). The heartbeat row is locked, so with several workers only one does this.
 * It runs on its own timer as well as before each claim (start-engine.ts), so slow sends never
 * look like our outage.
 */
export async function guardDowntime({
  db,
  clock,
  masterKeys,
  config,
  thresholdMs,
  workerId,
}: {
  db: Db;
  clock: Clock;
  masterKeys: MasterKeys;
  config: Config;
  thresholdMs: number;
  workerId: string;
}): Promise<Outage | null> {
  const now = clock.now();
  return db.transaction(async (tx) => {
    const [beat] = await tx.select().from(engineHeartbeat).where(eq(engineHeartbeat.id, 1)).for("update");
    if (!beat) {
      await tx.insert(engineHeartbeat).values({ id: 1, lastBeatAt: now, beatBy: workerId }).onConflictDoNothing();
      return null;
    }
    // A clock that went backwards (another machine's) must not shorten the recorded beat.
    if (now > beat.lastBeatAt)
      await tx.update(engineHeartbeat).set({ lastBeatAt: now, beatBy: workerId }).where(eq(engineHeartbeat.id, 1));
    const gapMs = now.getTime() - beat.lastBeatAt.getTime();
    if (gapMs <= thresholdMs) return null;

    const candidates = await tx
      .select()
      .from(messageConditions)
      .where(
        and(
          eq(messageConditions.active, true),
          eq(messageConditions.isArmed, true),
          inArray(messageConditions.conditionType, [...CHECK_IN_CONDITION_TYPES]),
        ),
      )
      .for("update");
    const owners = new Map<string, Date>();
    let shifted = 0;
    for (const c of candidates) {
      const due = effectiveDeadline(c, now);
      if (!due || due.deadline < beat.lastBeatAt || due.deadline.getTime() > now.getTime() + gapMs) continue;
      const sameDeadline = c.shiftedDeadline?.getTime() === due.ruleDeadline.getTime();
      await tx
        .update(messageConditions)
        .set({
          shiftedDeadline: due.ruleDeadline,
          deadlineShiftMs: (sameDeadline ? c.deadlineShiftMs : 0) + gapMs,
          // A window or hold the outage lengthened is still the contacts' stage.
          deadlineShiftReason: sameDeadline && c.deadlineShiftReason ? c.deadlineShiftReason : "outage",
        })
        .where(eq(messageConditions.id, c.id));
      const moved = await rescheduleCondition({ db: tx, clock, conditionId: c.id });
      shifted++;
      const earliest = owners.get(c.userId);
      if (moved && (!earliest || moved < earliest)) owners.set(c.userId, moved);
    }
    // A contact's request for access waits for the owner's Deny, and our outage took that time away
    // (and may have held back the alert): every request waiting through it waits that much longer
    // (docs/decisions/041).
    await tx
      .update(accessRequests)
      .set({ grantsAt: sql`${accessRequests.grantsAt} + make_interval(secs => ${gapMs / 1000})`, updatedAt: now })
      .where(and(eq(accessRequests.state, "waiting"), gte(accessRequests.grantsAt, beat.lastBeatAt)));
    const outage = { from: beat.lastBeatAt, to: now, shifted };
    await tellOwners({ tx, masterKeys, config, outage, owners });
    return outage;
  });
}

async function tellOwners({
  tx,
  masterKeys,
  config,
  outage,
  owners,
}: {
  tx: Tx;
  masterKeys: MasterKeys;
  config: Config;
  outage: Outage;
  owners: Map<string, Date>;
}) {
  if (owners.size === 0) return;
  const rows = await tx
    .select({ id: users.id, email: users.email, timeZone: profiles.timeZone })
    .from(users)
    .leftJoin(profiles, eq(profiles.id, users.id))
    .where(inArray(users.id, [...owners.keys()]));
  const length = formatDuration(Math.round((outage.to.getTime() - outage.from.getTime()) / 60_000));
  for (const u of rows) {
    const zone = u.timeZone ?? "UTC";
    const body = renderMail({
      heading: "We were down: your deadlines were moved",
      paragraphs: [
        `Our service was down from ${formatMailWhen(outage.from, zone)} to ${formatMailWhen(outage.to, zone)}. So that our outage cannot send your messages, your deadlines were moved by ${length}.`,
        `Your next deadline is now ${formatMailWhen(owners.get(u.id)!, zone)}. Please check in now if you can.`,
      ],
      action: { label: "Open Trigger Switch", url: config.SITE_URL },
    });
    const notice = {
      to: u.email,
      userId: u.id,
      key: `outage:${u.id}:${outage.from.toISOString()}`,
      subject: "Our outage moved your deadlines",
      ...body,
    };
    await enqueueOwnerNotice(tx, { masterKeys, now: outage.to, notice });
  }
}
