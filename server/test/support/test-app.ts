import fs from "node:fs";
import type https from "node:https";
import os from "node:os";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import type { Channels } from "../../src/channels/channel.ts";
import type { InboxProcessor } from "../../src/channels/inbound/create-inbox-processor.ts";
import { composeApp } from "../../src/compose-app.ts";
import { loadConfig, type Config } from "../../src/config.ts";
import type { Database } from "../../src/db/connect.ts";
import type { Mailer } from "../../src/mail/mailer.ts";
import { FakeClock } from "./fake-clock.ts";
import { createTestDatabase } from "./test-db.ts";

export interface TestApp {
  app: FastifyInstance;
  /** http://127.0.0.1:<port>, the server really listening. */
  url: string;
  config: Config;
  database: Database;
  mailer: Mailer;
  /** The app's channels (e-mail, WhatsApp, SMS), for tests that send through them. */
  channels: Channels;
  /** The inbox processor (running): a test stops it to hold inbound messages as recorded. */
  inbox: InboxProcessor;
  clock: FakeClock;
  close(): Promise<void>;
}

/**
 * The real server on a fresh database and a throwaway DATA_DIR, listening on loopback.
 * Mail goes to the outbox unless `env.SMTP_URL` is given. The background engine is off (ROLE=web):
 * tests drive `runEngineTick` themselves with the fake clock. `opts.database` runs a second app
 * on an existing database (two processes on one PostgreSQL); closing this app leaves it open.
 * `opts.logStream` receives the log lines (give LOG_LEVEL in `env` too). `opts.now` starts the
 * fake clock there (default: the real time), for a second app that must share the first's time
 * from its first moment (its background work starts at once). `opts.pushAgent` trusts a local push
 * service (support/fake-push-service.ts).
 */
export async function startTestApp(
  env: Record<string, string> = {},
  opts: { database?: Database; logStream?: NodeJS.WritableStream; now?: Date; pushAgent?: https.Agent } = {},
): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "ts-test-"));
  const config = loadConfig({
    NODE_ENV: "test",
    LOG_LEVEL: "silent",
    DATA_DIR: dataDir,
    SERVE_WEB: "false",
    PORT: "0",
    ROLE: "web",
    ...env,
  });
  // A shared database stands for a second process on the same PostgreSQL; its owner closes it.
  const database = opts.database ?? (await createTestDatabase());
  const clock = new FakeClock(opts.now ?? new Date());
  const { app, mailer, channels, inbox } = await composeApp({
    config,
    database,
    clock,
    logStream: opts.logStream,
    pushAgent: opts.pushAgent,
  });
  const address = await app.listen({ host: "127.0.0.1", port: 0 });
  // Links in e-mails must point at this very server.
  config.SITE_URL = address;
  return {
    app,
    url: address,
    config,
    database,
    mailer,
    channels,
    inbox,
    clock,
    async close() {
      await app.close();
      if (!opts.database) await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
