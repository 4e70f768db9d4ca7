import { CHECK_IN_CONDITION_TYPES, formatDuration } from "@trigger-switch/contracts";
import { and, eq, inArray } from "drizzle-orm";
import type { Clock } from "../clock.ts";
import type { Config } from "../config.ts";
import type { Db } from "../db/connect.ts";
import { engineHeartbeat, messageConditions, profiles, users } from "../db/schema.ts";
import { renderMail } from "../mail/layout.ts";
import type { Mailer } from "../mail/mailer.ts";
import { effectiveDeadline } from "./effective-deadline.ts";
import { formatWhen } from "./format-when.ts";
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
 * by the outage length, the schedules are regenerated and the owners are told by e-mail.
 * The heartbeat row is locked, so with several workers only one of them does this.
 */
export async function guardDowntime({ db, clock, mailer, config, thresholdMs, workerId, log }: { db: Db; clock: Clock; mailer: Mailer; config: Config; thresholdMs: number; workerId: string; log: { error(obj: object, msg: string): void } }): Promise<Outage | null> {
  const now = clock.now();
  const { outage, owners } = await db.transaction(async (tx) => {
    const [beat] = await tx.select().from(engineHeartbeat).where(eq(engineHeartbeat.id, 1)).for("update");
    if (!beat) {
      await tx.insert(engineHeartbeat).values({ id: 1, lastBeatAt: now, beatBy: workerId }).onConflictDoNothing();
      return { outage: null, owners: new Map<string, Date>() };
    }
    // A clock that went backwards (another machine's) must not shorten the recorded beat.
    if (now > beat.lastBeatAt) await tx.update(engineHeartbeat).set({ lastBeatAt: now, beatBy: workerId }).where(eq(engineHeartbeat.id, 1));
    const gapMs = now.getTime() - beat.lastBeatAt.getTime();
    if (gapMs <= thresholdMs) return { outage: null, owners: new Map<string, Date>() };

    const candidates = await tx
      .select()
      .from(messageConditions)
      .where(and(eq(messageConditions.active, true), eq(messageConditions.isArmed, true), inArray(messageConditions.conditionType, [...CHECK_IN_CONDITION_TYPES])))
      .for("update");
    const owners = new Map<string, Date>();
    let shifted = 0;
    for (const c of candidates) {
      const due = effectiveDeadline(c, now);
      if (!due || due.deadline < beat.lastBeatAt || due.deadline.getTime() > now.getTime() + gapMs) continue;
      const sameDeadline = c.shiftedDeadline?.getTime() === due.ruleDeadline.getTime();
      await tx
        .update(messageConditions)
        .set({ shiftedDeadline: due.ruleDeadline, deadlineShiftMs: (sameDeadline ? c.deadlineShiftMs : 0) + gapMs })
        .where(eq(messageConditions.id, c.id));
      const moved = await rescheduleCondition({ db: tx, clock, conditionId: c.id });
      shifted++;
      const earliest = owners.get(c.userId);
      if (moved && (!earliest || moved < earliest)) owners.set(c.userId, moved);
    }
    return { outage: { from: beat.lastBeatAt, to: now, shifted }, owners };
  });
  if (!outage) return null;
  await tellOwners({ db, mailer, config, outage, owners, log });
  return outage;
}

async function tellOwners({ db, mailer, config, outage, owners, log }: { db: Db; mailer: Mailer; config: Config; outage: Outage; owners: Map<string, Date>; log: { error(obj: object, msg: string): void } }) {
  if (owners.size === 0) return;
  const rows = await db
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
        `Our service was down from ${formatWhen(outage.from, zone)} to ${formatWhen(outage.to, zone)}. So that our outage cannot send your messages, your deadlines were moved by ${length}.`,
        `Your next deadline is now ${formatWhen(owners.get(u.id)!, zone)}. Please check in now if you can.`,
      ],
      action: { label: "Open Trigger Switch", url: config.SITE_URL },
    });
    try {
      await mailer.send({ to: u.email, subject: "Our outage moved your deadlines", ...body });
    } catch (err) {
      log.error({ err, userId: u.id }, "could not tell an owner about the outage");
    }
  }
}
