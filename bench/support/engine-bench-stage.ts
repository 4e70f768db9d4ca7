import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type pg from "pg";
import { createChannels } from "../../server/src/channels/create-channels.ts";
import { tellOwnerByNotice } from "../../server/src/channels/delivery/tell-owner.ts";
import { systemClock } from "../../server/src/clock.ts";
import { loadConfig, type Config } from "../../server/src/config.ts";
import { createMasterKeys, type MasterKeys } from "../../server/src/crypto/master-keys.ts";
import type { Db } from "../../server/src/db/connect.ts";
import { startEngine } from "../../server/src/engine/start-engine.ts";
import type { Mailer } from "../../server/src/mail/mailer.ts";
import { scratchDatabase } from "./scratch-db.ts";
import { scheduleConditions, sqlId } from "./seed.ts";
import { startSinkChild } from "./smtp-sink-child.ts";
import { startBenchMailer } from "./bench-mailer.ts";

/**
 * What an engine bench runs against: an SMTP sink in its own process, a scratch database, a
 * throwaway DATA_DIR, the server's config for them (ENGINE_* from the environment honoured) and the
 * engine's mailer and its threads (bench-mailer.ts).
 */
export async function stageEngineBench(tag: string) {
  const sink = await startSinkChild();
  const scratch = await scratchDatabase(tag);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "ts-bench-"));
  const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => k.startsWith("ENGINE_")));
  const config = loadConfig({
    ...env,
    DATA_DIR: dataDir,
    MASTER_KEY: "k1:" + Buffer.alloc(32, 7).toString("base64"),
    SMTP_URL: sink.url,
    LOG_LEVEL: "silent",
  });
  const masterKeys = createMasterKeys({ config });
  const { mailer, mailThreads } = startBenchMailer({ config, db: scratch.database.db, masterKeys });
  return { sink, scratch, dataDir, config, masterKeys, mailer, mailThreads };
}

/**
 * Makes the seeded conditions fall due from `t0` evenly over `spreadMs` (last_checked set back by
 * their threshold), and writes their schedule as the product does.
 */
export async function spreadDeadlines(
  pool: pg.Pool,
  { n, t0, spreadMs, thresholdMinutes }: { n: number; t0: number; spreadMs: number; thresholdMinutes: number },
): Promise<void> {
  await pool.query(
    `update message_conditions c set last_checked = x.lc, armed_at = x.lc
       from (select ${sqlId("cond", "j")} id,
                    date_trunc('milliseconds', to_timestamp($2::float8 / 1000) + (j - 1) * ($3::float8 / $1) * interval '1 millisecond' - interval '${thresholdMinutes} minutes') lc
             from generate_series(1, $1) j) x
      where c.id = x.id`,
    [n, t0, spreadMs],
  );
  await scheduleConditions(pool, { thresholdMinutes, reminderMinutes: [] });
  await pool.query("analyze reminder_schedule");
}

/** The engine loop as the server runs it, on the bench's database, clock and mailer; errors printed. */
export function startBenchEngine({
  db,
  config,
  masterKeys,
  mailer,
}: {
  db: Db;
  config: Config;
  masterKeys: MasterKeys;
  mailer: Mailer;
}): ReturnType<typeof startEngine> {
  const log = {
    info() {},
    error(obj: object, msg: string) {
      console.error(msg, obj);
    },
  };
  const channels = createChannels({ config, db, mailer, clock: systemClock, masterKeys });
  const tellOwner = tellOwnerByNotice({ masterKeys, clock: systemClock, siteUrl: () => config.SITE_URL });
  return startEngine({
    db,
    clock: systemClock,
    mailer,
    channels,
    tellOwner,
    config,
    masterKeys,
    log,
    intervalMs: config.ENGINE_INTERVAL_MS,
  });
}
