import { eq } from "drizzle-orm";
import { tellOwnerByNotice } from "../../src/channels/delivery/tell-owner.ts";
import type { Clock } from "../../src/clock.ts";
import { createMasterKeys } from "../../src/crypto/master-keys.ts";
import { engineHeartbeat, reminderSchedule } from "../../src/db/schema.ts";
import { runEngineTick, type EngineTickOptions, type TickResult } from "../../src/engine/run-engine-tick.ts";
import { startEngine, type RunningEngine } from "../../src/engine/start-engine.ts";
import type { Mailer } from "../../src/mail/mailer.ts";
import type { ReceivedMail, SmtpSink } from "./smtp-sink.ts";
import type { TestApp } from "./test-app.ts";

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

const quiet = { info() {}, error() {} };

type EngineLog = { info(obj: object, msg: string): void; error(obj: object, msg: string): void };

/**
 * What the engine runs on in a test: the test app's database, clock, mailer, channels and keys,
 * with a quiet log; a test swaps the clock, the mailer (a broken or slow one) or the log (one that records).
 */
export function engineDepsOf(
  t: TestApp,
  opts: { clock?: Clock; mailer?: Mailer; log?: EngineLog } = {},
): Omit<EngineTickOptions, "limit" | "concurrency" | "workerId" | "leaseMs" | "userId"> {
  const clock = opts.clock ?? t.clock;
  const masterKeys = createMasterKeys({ config: t.config });
  return {
    db: t.database.db,
    clock,
    mailer: opts.mailer ?? t.mailer,
    channels: t.channels,
    tellOwner: tellOwnerByNotice({ masterKeys, clock, siteUrl: () => t.config.SITE_URL }),
    config: t.config,
    masterKeys,
    log: opts.log ?? quiet,
  };
}

/** One engine tick on the test app (see engineDepsOf for what a test may swap). */
export function tick(
  t: TestApp,
  opts: { mailer?: Mailer; workerId?: string; log?: EngineLog } = {},
): Promise<TickResult> {
  return runEngineTick({ ...engineDepsOf(t, opts), workerId: opts.workerId });
}

/** The background loop on the test app; the caller stops it. */
export function startLoop(
  t: TestApp,
  opts: { limit?: number; concurrency?: number; intervalMs?: number } = {},
): RunningEngine {
  return startEngine({ ...engineDepsOf(t), ...opts });
}

/**
 * Moves time forward as if the engine had been running all along: the heartbeat follows the
 * clock, so the downtime guard sees no outage. (Tests of the guard move the clock alone.)
 */
export async function travel(t: TestApp, ms: number): Promise<void> {
  t.clock.advance(ms);
  await t.database.db
    .insert(engineHeartbeat)
    .values({ id: 1, lastBeatAt: t.clock.now() })
    .onConflictDoUpdate({ target: engineHeartbeat.id, set: { lastBeatAt: t.clock.now() } });
}

export async function setHeartbeat(t: TestApp, at: Date): Promise<void> {
  await t.database.db
    .insert(engineHeartbeat)
    .values({ id: 1, lastBeatAt: at })
    .onConflictDoUpdate({ target: engineHeartbeat.id, set: { lastBeatAt: at } });
  await t.database.db.select().from(engineHeartbeat).where(eq(engineHeartbeat.id, 1));
}

/** The mails the sink received for `address`, oldest first. */
/** The schedule rows of one condition. */
export const scheduleOf = (t: TestApp, conditionId: string) =>
  t.database.db.select().from(reminderSchedule).where(eq(reminderSchedule.conditionId, conditionId));

export const mailsTo = (sink: SmtpSink, address: string): ReceivedMail[] =>
  sink.mails.filter((m) => m.to.includes(address));

/** The decoded text of a received mail (quoted-printable soft breaks and escapes undone). */
export function mailText(mail: ReceivedMail): string {
  return mail.raw
    .replace(/=\r?\n/g, "")
    .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** The first link in a mail that starts with `prefix`. */
export function linkIn(mail: ReceivedMail, prefix: string): string {
  const text = mailText(mail);
  const at = text.indexOf(prefix);
  if (at < 0) throw new Error(`no link ${prefix} in mail:\n${text}`);
  return text.slice(at).match(/^[^\s"<>]+/)![0];
}
