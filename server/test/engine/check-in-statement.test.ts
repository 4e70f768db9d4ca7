// The one-statement check-in (SQL function check_in, migrations 0013_checkin and 0019_check-in-says-what-it-cancelled) against the rules it
// mirrors: contracts' nextDeadline, the engine's effectiveDeadline (downtime shift) and
// rescheduleCondition (spec §4's schedule). After the SQL check-in, the engine's own reschedule
// must find nothing to change — for every condition type, DST gaps and folds included.
// This file is the binding between the two homes of the deadline rules: the TypeScript side
// (contracts' next-deadline.ts, recurring-occurrences.ts, zoned-time.ts) names it in its headers,
// and the SQL side's header in 0013_checkin.sql names it too. The applied .sql is left as it was,
// since drizzle's migrator records a hash of each migration file (docs/decisions/038-one-home-per-rule.md).
import {
  nextDeadline,
  zonedWallTimeToInstant,
  type ConditionTiming,
  type RecurringPatternInput,
} from "@trigger-switch/contracts";
import { and, asc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../src/db/connect.ts";
import { messageConditions, messages, reminderSchedule, users } from "../../src/db/schema.ts";
import { checkIn } from "../../src/engine/check-in.ts";
import { effectiveDeadline } from "../../src/engine/effective-deadline.ts";
import { rescheduleCondition, scheduleKey, scheduleMovedDeadlines } from "../../src/engine/reschedule-condition.ts";
import { DEFAULT_LEASE_MS } from "../../src/engine/run-engine-tick.ts";
import { FakeClock } from "../support/fake-clock.ts";
import { createTestDatabase } from "../support/test-db.ts";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

/** A deterministic pseudo-random sequence (mulberry32), so a failure can be replayed. */
function random(seed: number) {
  let a = seed;
  const next = () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1));
  const pick = <T>(xs: readonly T[]): T => xs[int(0, xs.length - 1)]!;
  return { next, int, pick };
}

type ConditionRow = typeof messageConditions.$inferSelect;
type NewCondition = Partial<typeof messageConditions.$inferInsert> &
  Pick<typeof messageConditions.$inferInsert, "conditionType">;

async function newOwner(): Promise<{ userId: string; messageId: string }> {
  const [user] = await database.db
    .insert(users)
    .values({ email: `owner-${crypto.randomUUID()}@example.test` })
    .returning({ id: users.id });
  const [message] = await database.db
    .insert(messages)
    .values({ userId: user!.id, keyId: "k1", wrappedKey: "v1.x", title: "v1.x", textContent: "v1.x" })
    .returning({ id: messages.id });
  return { userId: user!.id, messageId: message!.id };
}

/** A condition as the product leaves it once saved at `clock.now()`: the row, then the engine's schedule. */
async function addCondition(
  owner: { userId: string; messageId: string },
  clock: FakeClock,
  fields: NewCondition,
): Promise<string> {
  const now = clock.now();
  const [row] = await database.db
    .insert(messageConditions)
    .values({
      messageId: owner.messageId,
      userId: owner.userId,
      lastChecked: now,
      armedAt: now,
      createdAt: now,
      updatedAt: now,
      ...fields,
    })
    .returning({ id: messageConditions.id });
  await database.db.transaction((tx) => rescheduleCondition({ db: tx, clock, conditionId: row!.id }));
  return row!.id;
}

const conditionRow = async (id: string): Promise<ConditionRow> =>
  (await database.db.select().from(messageConditions).where(eq(messageConditions.id, id)))[0]!;

/** The schedule of a condition as the engine sees it (bookkeeping timestamps left out). */
async function scheduleOf(conditionId: string, db: Pick<Database["db"], "select"> = database.db) {
  const rows = await db
    .select()
    .from(reminderSchedule)
    .where(eq(reminderSchedule.conditionId, conditionId))
    .orderBy(asc(reminderSchedule.idempotencyKey));
  return rows.map((r) => ({
    id: r.id,
    key: r.idempotencyKey,
    status: r.status,
    type: r.reminderType,
    offset: r.offsetMinutes,
    deadline: r.deadline.toISOString(),
    scheduledAt: r.scheduledAt.toISOString(),
    nextAttemptAt: r.nextAttemptAt.toISOString(),
    priority: r.deliveryPriority,
    strategy: r.retryStrategy,
    attempts: r.attempts,
    releasedAt: r.releasedAt?.toISOString() ?? null,
  }));
}

/** Spec §4's rows for a deadline: a reminder at deadline − offset (minutes; future ones only, high under 60), one final delivery. */
function wantedRows(row: ConditionRow, deadline: Date, now: Date) {
  const at = (offset: number) => new Date(deadline.getTime() - offset * MINUTE).toISOString();
  const reminders = row.reminderHours
    .filter((offset) => deadline.getTime() - offset * MINUTE > now.getTime())
    .map((offset) => ({
      key: scheduleKey("reminder", row.id, deadline, offset),
      status: "pending",
      type: "reminder",
      offset,
      deadline: deadline.toISOString(),
      scheduledAt: at(offset),
      nextAttemptAt: at(offset),
      priority: offset < 60 ? "high" : "normal",
      strategy: "standard",
      attempts: 0,
    }));
  const final = {
    key: scheduleKey("final_delivery", row.id, deadline, 0),
    status: "pending",
    type: "final_delivery",
    offset: 0,
    deadline: deadline.toISOString(),
    scheduledAt: at(0),
    nextAttemptAt: at(0),
    priority: "critical",
    strategy: "aggressive",
    attempts: 0,
  };
  return [...reminders, final];
}

/**
 * Checks in through the SQL function at `clock.now()` and holds the outcome to the rules: the
 * condition's last_checked, the returned next deadline (contracts + downtime shift), and the
 * schedule. Where the check-in left the new deadline's rows to the engine (docs/decisions/043), the
 * old deadline's first pending row must fall due a lease or more before the new one's events, and the engine's
 * writing (scheduleMovedDeadlines, as commit-batch calls it) must give the rows a rewrite gives. The
 * engine's writing and its own reschedule run in a transaction rolled back afterwards, so a run of
 * check-ins keeps whatever each check-in left.
 */
async function checkInAndCompare(userId: string, conditionIds: string[], clock: FakeClock, label: string) {
  const result = await checkIn({ db: database.db, clock, userId, source: "app" });
  const now = clock.now();
  let expectedNext: Date | null = null;
  for (const id of conditionIds) {
    const row = await conditionRow(id);
    const touched = row.active && row.conditionType !== "panic_trigger";
    if (touched) expect(row.lastChecked.toISOString(), label).toBe(now.toISOString());
    const due = effectiveDeadline(row, now);
    if (touched && due && (expectedNext === null || due.deadline < expectedNext)) expectedNext = due.deadline;
    const wanted = due && row.conditionType !== "panic_trigger" ? wantedRows(row, due.deadline, now) : [];
    const stored = await scheduleOf(id);
    // The final delivery is the last wanted row: written and not obsolete means the check-in wrote the schedule.
    const left = wanted.length > 0 && !stored.some((r) => r.key === wanted.at(-1)!.key && r.status !== "obsolete");
    paths[left ? "left" : "written"]++;
    if (left) {
      const firstPending = stored
        .filter((r) => r.status === "pending" && r.releasedAt === null)
        .map((r) => r.nextAttemptAt)
        .sort()[0];
      expect(firstPending, `${label}: the old row that hands the schedule to the engine`).toBeDefined();
      const firstEvent = Math.min(...wanted.map((w) => Date.parse(w.scheduledAt)));
      const lead = firstEvent - Date.parse(firstPending!);
      expect(lead, `${label}: it falls due a lease or more before the new deadline's events`).toBeGreaterThanOrEqual(
        DEFAULT_LEASE_MS,
      );
    }
    await database.db
      .transaction(async (tx) => {
        if (left) {
          const [locked] = await tx.select().from(messageConditions).where(eq(messageConditions.id, id)).for("update");
          await scheduleMovedDeadlines({ db: tx, clock, moved: [{ condition: locked!, deadline: due!.deadline }] });
        }
        const afterSql = await scheduleOf(id, tx);
        // Only rows of the current deadline may be pending, and the engine's own reschedule changes nothing.
        const pendingDeadlines = new Set(afterSql.filter((r) => r.status === "pending").map((r) => r.deadline));
        expect([...pendingDeadlines], label).toEqual(
          due && row.conditionType !== "panic_trigger" ? [due.deadline.toISOString()] : [],
        );
        // Spec §4 row by row: every wanted row exists, and the pending ones are exactly the wanted ones.
        const byKey = new Map(afterSql.map((r) => [r.key, r]));
        for (const w of wanted)
          expect(byKey.get(w.key), `${label}: ${w.key}`).toMatchObject(
            byKey.get(w.key)?.status === "pending" ? w : { key: w.key },
          );
        expect(
          afterSql.filter((r) => r.status === "pending").every((r) => wanted.some((w) => w.key === r.key)),
          label,
        ).toBe(true);
        await rescheduleCondition({ db: tx, clock, conditionId: id });
        expect(await scheduleOf(id, tx), label).toEqual(afterSql);
        throw new RolledBack();
      })
      .catch((err: unknown) => {
        if (!(err instanceof RolledBack)) throw err;
      });
  }
  expect(result.next_deadline, label).toBe(expectedNext?.toISOString() ?? null);
  return result;
}
class RolledBack extends Error {}
/** How often each check-in path ran, so the randomised test shows it took both. */
const paths = { written: 0, left: 0 };

const ZONES = [
  "Europe/London",
  "America/New_York",
  "Australia/Lord_Howe",
  "Asia/Kolkata",
  "Pacific/Chatham",
  "UTC",
  "America/Santiago",
] as const;
// Instants near the 2026 changes of the zones above, so arming and check-ins land on DST days.
const NEAR = [
  "2026-03-29T00:30:00Z",
  "2026-10-25T00:30:00Z",
  "2026-03-08T06:00:00Z",
  "2026-11-01T05:30:00Z",
  "2026-04-04T15:00:00Z",
  "2026-10-03T15:30:00Z",
  "2026-04-05T02:00:00Z",
  "2026-09-06T03:00:00Z",
  "2026-06-15T12:00:00Z",
];

function randomPattern(r: ReturnType<typeof random>): RecurringPatternInput {
  const time_zone = r.pick(ZONES);
  const at = r.pick(["00:00", "01:30", "02:00", "02:15", "02:30", "03:00", "09:00", "12:45", "23:30", "23:59"]);
  const grace_minutes = r.pick([0, 1, 30, 60, 90, 600, 720]);
  if (r.next() < 0.5) {
    return {
      kind: "every_n_days",
      time_zone,
      every_days: r.pick([1, 1, 2, 3, 7, 30]),
      start_date: r.pick(["2026-01-01", "2026-03-27", "2026-03-29", "2026-10-24", "2026-11-02"]),
      at,
      grace_minutes,
    };
  }
  const weekdays = [...new Set(Array.from({ length: r.int(1, 4) }, () => r.int(1, 7)))].sort((a, b) => a - b);
  return { kind: "weekdays", time_zone, weekdays, at, grace_minutes };
}

describe("the check_in statement's deadline rules", () => {
  it("puts a wall-clock time at the same instant as contracts, across DST gaps and folds", async () => {
    const cases: { date: string; hour: number; minute: number; zone: string }[] = [
      { date: "2026-03-29", hour: 1, minute: 30, zone: "Europe/London" }, // gap → 01:00 UTC
      { date: "2026-10-25", hour: 1, minute: 30, zone: "Europe/London" }, // fold → 00:30 UTC
      { date: "2026-03-08", hour: 2, minute: 30, zone: "America/New_York" },
      { date: "2026-11-01", hour: 1, minute: 30, zone: "America/New_York" },
      { date: "2026-10-04", hour: 2, minute: 15, zone: "Australia/Lord_Howe" }, // a 30-minute gap
      { date: "2026-04-05", hour: 1, minute: 45, zone: "Australia/Lord_Howe" }, // a 30-minute fold
    ];
    const r = random(7);
    for (let i = 0; i < 200; i++) {
      const day = new Date(Date.parse("2026-01-01T00:00:00Z") + r.int(0, 364) * DAY).toISOString().slice(0, 10);
      cases.push({ date: day, hour: r.int(0, 23), minute: r.pick([0, 15, 30, 45, 59]), zone: r.pick(ZONES) });
    }
    const result = (await database.db.execute(
      sql`select ts_zoned_wall_time(x.date::date, x.hour, x.minute, x.zone) as at
          from jsonb_to_recordset(${JSON.stringify(cases.map((c, i) => ({ ...c, i })))}::jsonb) as x(i int, date text, hour int, minute int, zone text) order by x.i`,
    )) as unknown as { rows: { at: Date | string }[] };
    const got = result.rows.map((row) => new Date(row.at).toISOString());
    const expected = cases.map((c) => {
      const [year, month, day] = c.date.split("-").map(Number);
      return new Date(
        zonedWallTimeToInstant({ year: year!, month: month!, day: day! }, c.hour, c.minute, c.zone),
      ).toISOString();
    });
    expect(got.slice(0, 2)).toEqual(["2026-03-29T01:00:00.000Z", "2026-10-25T00:30:00.000Z"]);
    expect(got).toEqual(expected);
  });

  it("gives every timing the deadline contracts' nextDeadline gives, with the downtime shift", async () => {
    const r = random(11);
    const timings: (ConditionTiming & { shifted: Date | null; shiftMs: number })[] = [];
    for (let i = 0; i < 600; i++) {
      const armed = Date.parse(r.pick(NEAR)) + r.int(-3 * DAY, 3 * DAY);
      const lastChecked = r.next() < 0.2 ? armed : armed + r.int(0, 40 * DAY);
      const type = r.pick(["no_check_in", "recurring_check_in", "recurring_check_in", "inactivity_to_date"] as const);
      const hours = type === "recurring_check_in" ? 0 : r.int(0, 200);
      const minutes = type === "recurring_check_in" ? 0 : r.int(0, 59);
      const timing: ConditionTiming = {
        condition_type: type,
        active: r.next() > 0.05,
        is_armed: r.next() > 0.05,
        hours_threshold: hours,
        minutes_threshold: type === "no_check_in" && hours === 0 ? Math.max(5, minutes) : minutes,
        recurring_pattern: type === "recurring_check_in" ? randomPattern(r) : null,
        deliver_at: type === "inactivity_to_date" ? new Date(armed + r.int(5 * MINUTE, 60 * DAY)) : null,
        last_checked: new Date(lastChecked),
        armed_at: new Date(armed),
      };
      const rule = nextDeadline(timing, new Date(lastChecked));
      const shifted = rule && r.next() < 0.3 ? (r.next() < 0.7 ? rule : new Date(rule.getTime() + HOUR)) : null;
      timings.push({ ...timing, shifted, shiftMs: shifted ? r.int(1, 3 * HOUR) : 0 });
    }
    const iso = (d: string | Date | null) => (d === null ? null : new Date(d).toISOString());
    const input = timings.map((t, i) => ({
      ...t,
      i,
      deliver_at: iso(t.deliver_at),
      last_checked: iso(t.last_checked),
      armed_at: iso(t.armed_at),
      shifted: iso(t.shifted),
    }));
    const result = (await database.db.execute(sql`
      select ts_condition_deadline(x.condition_type, x.active, x.is_armed, x.hours_threshold, x.minutes_threshold, x.recurring_pattern,
                                   x.deliver_at, x.last_checked, x.armed_at, x.shifted, x."shiftMs") as deadline
      from jsonb_to_recordset(${JSON.stringify(input)}::jsonb) as x(
        i int, condition_type text, active boolean, is_armed boolean, hours_threshold int, minutes_threshold int, recurring_pattern jsonb,
        deliver_at timestamptz, last_checked timestamptz, armed_at timestamptz, shifted timestamptz, "shiftMs" bigint)
      order by x.i`)) as unknown as { rows: { deadline: Date | string | null }[] };
    const got = result.rows.map((row) => iso(row.deadline));
    const expected = timings.map((t) => {
      const rule = nextDeadline(t, new Date(t.last_checked!));
      if (!rule) return null;
      return new Date(rule.getTime() + (t.shifted?.getTime() === rule.getTime() ? t.shiftMs : 0)).toISOString();
    });
    const differences = timings
      .map((t, i) => ({ t, got: got[i], expected: expected[i] }))
      .filter((x) => x.got !== x.expected);
    expect(differences).toEqual([]);
    expect(expected.filter((e) => e !== null).length).toBeGreaterThan(300);
  });
});

describe("check-in in one statement", () => {
  // Hundreds of statements: room for a loaded machine (the other tests keep the default).
  it(
    "writes the schedule exactly as the engine would, at once or when the old deadline's first row falls due, for every check-in type",
    { timeout: 180_000 },
    async () => {
      const r = random(23);
      const before = { ...paths };
      for (let i = 0; i < 60; i++) {
        const clock = new FakeClock(new Date(Date.parse(r.pick(NEAR)) + r.int(-2 * DAY, 2 * DAY)));
        const owner = await newOwner();
        const ids: string[] = [];
        for (let c = r.int(1, 3); c > 0; c--) {
          const type = r.pick(["no_check_in", "recurring_check_in", "inactivity_to_date"] as const);
          const reminders = [
            ...new Set(Array.from({ length: r.int(0, 3) }, () => r.pick([1, 15, 59, 60, 61, 120, 1440]))),
          ].sort((a, b) => b - a);
          // Reminders shorter than the time a check-in can still help (decision 003's validation).
          if (type === "no_check_in") {
            const hours = r.int(1, 72);
            ids.push(
              await addCondition(owner, clock, {
                conditionType: type,
                hoursThreshold: hours,
                minutesThreshold: r.int(0, 59),
                reminderHours: reminders.filter((m) => m < hours * 60),
              }),
            );
          } else if (type === "recurring_check_in")
            ids.push(
              await addCondition(owner, clock, {
                conditionType: type,
                recurringPattern: randomPattern(r) as Record<string, unknown>,
                reminderHours: reminders.filter((m) => m < 1440),
              }),
            );
          else {
            const windowMinutes = r.pick([0, 0, 60, 24 * 60]);
            ids.push(
              await addCondition(owner, clock, {
                conditionType: type,
                deliverAt: new Date(clock.now().getTime() + r.int(2 * HOUR, 10 * DAY)),
                hoursThreshold: windowMinutes / 60,
                reminderHours: reminders,
              }),
            );
          }
        }
        for (let k = r.int(1, 3); k > 0; k--) {
          // Now and then within minutes of the last, where an old row and the new deadline fall close together.
          clock.advance(r.next() < 0.3 ? r.int(1, 10 * MINUTE) : r.int(1, 3 * DAY));
          await checkInAndCompare(
            owner.userId,
            ids,
            clock,
            `owner ${i}, check-in ${k} at ${clock.now().toISOString()}`,
          );
        }
      }
      expect(paths.written - before.written).toBeGreaterThan(20);
      expect(paths.left - before.left).toBeGreaterThan(20);
    },
  );

  it("applies the downtime shift while the deadline is the shifted one, and lets it lapse otherwise", async () => {
    const clock = new FakeClock(new Date("2026-06-01T08:00:00Z"));
    const owner = await newOwner();
    const deliverAt = new Date("2026-06-10T08:00:00Z");
    // Outside its one-day window a check-in does not cancel an inactivity_to_date: the shifted deadline stays.
    const dated = await addCondition(owner, clock, {
      conditionType: "inactivity_to_date",
      deliverAt,
      hoursThreshold: 24,
      reminderHours: [60],
      shiftedDeadline: deliverAt,
      deadlineShiftMs: 2 * HOUR,
    });
    const inactivity = await addCondition(owner, clock, {
      conditionType: "no_check_in",
      hoursThreshold: 48,
      shiftedDeadline: new Date("2026-06-03T08:00:00Z"),
      deadlineShiftMs: 2 * HOUR,
    });
    clock.advance(DAY);
    const result = await checkInAndCompare(owner.userId, [dated, inactivity], clock, "shift");
    expect(result.next_deadline).toBe("2026-06-04T08:00:00.000Z"); // the no_check_in's new deadline, unshifted
    const datedRows = (await scheduleOf(dated)).filter((row) => row.status === "pending");
    expect(datedRows.map((row) => row.deadline)).toEqual(["2026-06-10T10:00:00.000Z", "2026-06-10T10:00:00.000Z"]);
  });

  it("succeeds silently without active conditions and leaves panic, fired and others' conditions alone", async () => {
    const clock = new FakeClock(new Date("2026-05-01T10:00:00Z"));
    const lonely = await newOwner();
    expect(await checkIn({ db: database.db, clock, userId: lonely.userId, source: "app" })).toEqual({
      checked_in_at: clock.now().toISOString(),
      conditions: 0,
      next_deadline: null,
      waiting: 0,
      cancelledConditionIds: [],
    });

    const owner = await newOwner();
    const other = await newOwner();
    const panic = await addCondition(owner, clock, { conditionType: "panic_trigger" });
    const fired = await addCondition(owner, clock, { conditionType: "no_check_in", hoursThreshold: 1, active: false });
    const othersCondition = await addCondition(other, clock, {
      conditionType: "no_check_in",
      hoursThreshold: 1,
      reminderHours: [30],
    });
    const before = {
      panic: await conditionRow(panic),
      fired: await conditionRow(fired),
      others: await conditionRow(othersCondition),
      othersRows: await scheduleOf(othersCondition),
    };
    clock.advance(10 * MINUTE);
    expect(await checkIn({ db: database.db, clock, userId: owner.userId, source: "app" })).toEqual({
      checked_in_at: clock.now().toISOString(),
      conditions: 0,
      next_deadline: null,
      waiting: 0,
      cancelledConditionIds: [],
    });
    expect(await conditionRow(panic)).toEqual(before.panic);
    expect(await conditionRow(fired)).toEqual(before.fired);
    expect(await conditionRow(othersCondition)).toEqual(before.others);
    expect(await scheduleOf(othersCondition)).toEqual(before.othersRows);
  });

  it("sets last_checked on a disarmed (or held) condition and leaves it nothing pending", async () => {
    const clock = new FakeClock(new Date("2026-05-01T10:00:00Z"));
    const owner = await newOwner();
    const id = await addCondition(owner, clock, {
      conditionType: "no_check_in",
      hoursThreshold: 5,
      reminderHours: [60, 30],
    });
    expect((await scheduleOf(id)).filter((row) => row.status === "pending")).toHaveLength(3);
    // A disarm (or an account hold) obsoletes the schedule through the engine; a check-in keeps it empty.
    await database.db.update(messageConditions).set({ isArmed: false }).where(eq(messageConditions.id, id));
    await database.db.transaction((tx) => rescheduleCondition({ db: tx, clock, conditionId: id }));
    clock.advance(HOUR);
    const result = await checkInAndCompare(owner.userId, [id], clock, "disarmed");
    expect(result).toMatchObject({ conditions: 1, next_deadline: null });
    expect((await scheduleOf(id)).every((row) => row.status === "obsolete")).toBe(true);
  });

  it("cancels an inactivity_to_date inside its window and keeps it outside, without repeating a sent reminder", async () => {
    const clock = new FakeClock(new Date("2026-07-01T10:00:00Z"));
    const owner = await newOwner();
    const deliverAt = new Date("2026-07-05T10:00:00Z");
    const id = await addCondition(owner, clock, {
      conditionType: "inactivity_to_date",
      deliverAt,
      hoursThreshold: 24,
      reminderHours: [2880, 60],
    });
    // The two-day reminder went out (the engine marks it sent); a check-in before the window keeps the date.
    await database.db
      .update(reminderSchedule)
      .set({ status: "sent" })
      .where(and(eq(reminderSchedule.conditionId, id), eq(reminderSchedule.offsetMinutes, 2880)));
    clock.set(new Date("2026-07-03T12:00:00Z"));
    const kept = await checkInAndCompare(owner.userId, [id], clock, "outside the window");
    expect(kept.next_deadline).toBe(deliverAt.toISOString());
    expect((await scheduleOf(id)).map((row) => [row.offset, row.status])).toEqual([
      [0, "pending"],
      [2880, "sent"],
      [60, "pending"],
    ]);
    clock.set(new Date("2026-07-04T12:00:00Z"));
    const cancelled = await checkInAndCompare(owner.userId, [id], clock, "inside the window");
    expect(cancelled.next_deadline).toBeNull();
    expect((await scheduleOf(id)).map((row) => row.status).sort()).toEqual(["obsolete", "obsolete", "sent"]);
  });

  it("never obsoletes a row the engine has claimed, and revives one obsoleted for the same deadline", async () => {
    const clock = new FakeClock(new Date("2026-08-01T09:00:00Z"));
    const owner = await newOwner();
    const id = await addCondition(owner, clock, {
      conditionType: "no_check_in",
      hoursThreshold: 2,
      reminderHours: [90],
    });
    await database.db
      .update(reminderSchedule)
      .set({ status: "claimed", claimedBy: "worker-1" })
      .where(and(eq(reminderSchedule.conditionId, id), eq(reminderSchedule.reminderType, "reminder")));
    clock.advance(MINUTE);
    await checkInAndCompare(owner.userId, [id], clock, "claimed");
    expect((await scheduleOf(id)).filter((row) => row.status === "claimed")).toHaveLength(1);
    // Two check-ins in the same millisecond: the second finds its own rows pending and changes nothing.
    const first = await scheduleOf(id);
    await checkInAndCompare(owner.userId, [id], clock, "same instant");
    expect(await scheduleOf(id)).toEqual(first);
    // An obsolete row of the very deadline a check-in yields comes back pending, with a fresh retry count.
    const pendingFinal = first.find((row) => row.status === "pending" && row.type === "final_delivery")!;
    await database.db
      .update(reminderSchedule)
      .set({ status: "obsolete", attempts: 2 })
      .where(eq(reminderSchedule.id, pendingFinal.id));
    await checkInAndCompare(owner.userId, [id], clock, "revive");
    expect((await scheduleOf(id)).find((row) => row.id === pendingFinal.id)).toMatchObject({
      status: "pending",
      attempts: 0,
    });
  });

  it("runs inside a caller's transaction and rolls back with it", async () => {
    const clock = new FakeClock(new Date("2026-09-01T09:00:00Z"));
    const owner = await newOwner();
    const id = await addCondition(owner, clock, { conditionType: "no_check_in", hoursThreshold: 3 });
    const before = { row: await conditionRow(id), schedule: await scheduleOf(id) };
    clock.advance(HOUR);
    await expect(
      database.db.transaction(async (tx) => {
        await checkIn({ db: tx, clock, userId: owner.userId, source: "whatsapp" });
        throw new Error("the caller fails after the check-in");
      }),
    ).rejects.toThrow("the caller fails");
    expect(await conditionRow(id)).toEqual(before.row);
    expect(await scheduleOf(id)).toEqual(before.schedule);
  });

  it("keeps one schedule when check-ins of one owner race", async () => {
    const start = new Date("2026-10-01T09:00:00Z");
    const owner = await newOwner();
    const ids = [
      await addCondition(owner, new FakeClock(start), {
        conditionType: "no_check_in",
        hoursThreshold: 6,
        reminderHours: [30],
      }),
      await addCondition(owner, new FakeClock(start), {
        conditionType: "recurring_check_in",
        recurringPattern: {
          kind: "every_n_days",
          time_zone: "Europe/London",
          every_days: 1,
          start_date: "2026-09-01",
          at: "09:00",
          grace_minutes: 60,
        },
        reminderHours: [30],
      }),
    ];
    // Each has its own instant, so whichever commits last decides last_checked; the schedule must follow it.
    const clocks = Array.from({ length: 8 }, (_, k) => new FakeClock(new Date(start.getTime() + (k + 1) * 1000)));
    const results = await Promise.all(
      clocks.map((clock) => checkIn({ db: database.db, clock, userId: owner.userId, source: "app" })),
    );
    expect(results.every((res) => res.conditions === 2)).toBe(true);
    for (const id of ids) {
      const row = await conditionRow(id);
      const due = effectiveDeadline(row, row.lastChecked)!;
      // What the engine writes when the old deadline's first row falls due, if the check-ins left it to it.
      await database.db.transaction(async (tx) => {
        const [locked] = await tx.select().from(messageConditions).where(eq(messageConditions.id, id)).for("update");
        const moved = [{ condition: locked!, deadline: due.deadline }];
        await scheduleMovedDeadlines({ db: tx, clock: new FakeClock(row.lastChecked), moved });
      });
      const pending = (await scheduleOf(id)).filter((r) => r.status === "pending");
      expect(new Set(pending.map((r) => r.deadline))).toEqual(new Set([due.deadline.toISOString()]));
      expect(pending).toHaveLength(2);
    }
  });
});
