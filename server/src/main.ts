import type { FastifyInstance } from "fastify";
import { createAdjustableClock, systemClock } from "./clock.ts";
import { composeApp } from "./compose-app.ts";
import { ConfigError, loadConfig } from "./config.ts";
import { MasterKeyMismatchError } from "./crypto/check-master-keys.ts";
import { connect, DiskFullError, type Database } from "./db/connect.ts";
import { EmbeddedPostgresUnavailableError } from "./db/embedded/postgres-binaries.ts";
import { hasLocalMailbox, mailboxUrl } from "./mail/mailbox-key.ts";
import { clockRoutes } from "./dev/clock-routes.ts";
import { acquireDataDirLock, DataDirLockedError } from "./runtime/data-dir-lock.ts";
import { checkEmbeddedRole } from "./runtime/embedded-role.ts";
import { makeDataDirPrivate } from "./runtime/private-files.ts";
import { runShutdownSteps, SHUTDOWN_BUDGET_MS } from "./runtime/shutdown.ts";
import { createStopSignals } from "./runtime/stop-signals.ts";
import type { RunningEngine } from "./engine/start-engine.ts";
import { isOutOfSpace } from "./runtime/storage-health.ts";

/** What is open so far; a signal during the start closes just that. */
const open: { app: FastifyInstance | null; database: Database | null; engine: RunningEngine | null } = {
  app: null,
  database: null,
  engine: null,
};

/** The most a forced exit waits to hand back the rows this process claimed. */
const FORCED_HAND_BACK_MS = 1_000;

/**
 * Composition root: config → DATA_DIR (private; locked when it holds the embedded database) →
 * database → the app → listen. SIGTERM/SIGINT/SIGHUP stop it within SHUTDOWN_BUDGET_MS.
 */
async function main() {
  const startedAt = performance.now();
  const config = loadConfig();
  checkEmbeddedRole(config);
  const fixed = makeDataDirPrivate(config.DATA_DIR);
  // One embedded database, one process (docs/decisions/013); PostgreSQL deployments share DATA_DIR for keys.
  const lock = config.DATABASE_URL ? null : acquireDataDirLock({ dataDir: config.DATA_DIR, port: config.PORT });
  if (lock) process.on("exit", () => lock.release());
  const { forceExit } = installSignalHandlers();

  const database = (open.database = await connect({
    url: config.DATABASE_URL,
    dataDir: config.DATA_DIR,
    log: (line) => (open.app ? open.app.log.warn(line) : console.error(line)),
  }));
  // Without its database the process can do nothing right: exit, so a supervisor starts it afresh.
  void database.lost?.then((why) => forceExit(`${why}: stopping`));
  const testClock = config.TEST_CLOCK ? createAdjustableClock(config.CLOCK_OFFSET_MS) : null;
  const { app, mailer, engine } = await composeApp({ config, database, clock: testClock ?? systemClock });
  mailer.warm?.();
  open.app = app;
  open.engine = engine;
  if (lock?.tookOverFrom)
    app.log.warn(
      {
        previous: { pid: lock.tookOverFrom.pid, port: lock.tookOverFrom.port, startedAt: lock.tookOverFrom.startedAt },
      },
      `DATA_DIR was locked by process ${lock.tookOverFrom.pid}, which is no longer running; took its lock over`,
    );
  if (fixed.fixed > 0)
    app.log.warn(
      { files: fixed.fixed },
      "made files under DATA_DIR private to this account (0600 files, 0700 directories)",
    );
  if (testClock) {
    await app.register(clockRoutes, { prefix: "/dev/clock", clock: testClock, db: database.db });
    app.log.warn({ offsetMs: config.CLOCK_OFFSET_MS }, "TEST_CLOCK is on: time can be moved through POST /dev/clock");
  }
  await app.listen({ host: config.HOST, port: config.PORT });
  const address = app.server.address();
  if (lock && address && typeof address === "object") lock.setPort(address.port);
  app.log.info(
    {
      database: database.kind,
      mail: mailer.kind,
      pid: process.pid,
      readyMs: Math.round(performance.now() - startedAt),
    },
    `Trigger Switch is ready at ${config.SITE_URL}${hasLocalMailbox(config) ? ` (no mail server: e-mails are kept in the local mailbox, which only this address opens: ${mailboxUrl(config)})` : ""}`,
  );
}

function installSignalHandlers() {
  const verdictOf = createStopSignals();
  const log = {
    info: (msg: string) => (open.app ? open.app.log.info(msg) : console.log(msg)),
    error: (msg: string) => (open.app ? open.app.log.error(msg) : console.error(msg)),
  };
  const exit = (code: number) => {
    log.info(`stopped (exit code ${code})`);
    process.exit(code);
  };
  // Even a forced exit hands back what this process claimed, so recipients do not wait for a lease.
  const forceExit = async (why: string) => {
    log.error(why);
    const handedBack = open.engine?.handBackClaims().catch(() => 0);
    await Promise.race([handedBack, new Promise((r) => setTimeout(r, FORCED_HAND_BACK_MS))]);
    exit(1);
  };
  const stop = async (signal: NodeJS.Signals) => {
    const verdict = verdictOf(performance.now());
    if (verdict === "same-stop") {
      log.info(`${signal} received again at once (passed on by npm or sent to the process group): the same stop`);
      return;
    }
    if (verdict === "force") return forceExit(`${signal} received again: exiting now`);
    log.info(`${signal} received: finishing requests and closing (at most ${SHUTDOWN_BUDGET_MS / 1000} s)`);
    // The backstop, should a step block the event loop itself; with its hand-back it ends within 10 s.
    setTimeout(
      () => void forceExit(`shutdown took longer than ${SHUTDOWN_BUDGET_MS / 1000} s: exiting anyway`),
      SHUTDOWN_BUDGET_MS,
    ).unref();
    const { app, database } = open;
    const clean = await runShutdownSteps(
      [
        // Stops taking requests, waits for those in flight, then the engine (which hands back the rows it has not sent), realtime and mail.
        ...(app
          ? [{ name: "HTTP, engine and realtime", budgetMs: SHUTDOWN_BUDGET_MS - 3_500, run: () => app.close() }]
          : []),
        ...(database ? [{ name: "database", budgetMs: 3_000, run: () => database.close() }] : []),
      ],
      log,
    );
    exit(clean ? 0 : 1);
  };
  for (const signal of ["SIGTERM", "SIGINT", "SIGHUP"] as const) process.on(signal, () => void stop(signal));
  return { forceExit };
}

main().catch((err: unknown) => {
  if (
    err instanceof ConfigError ||
    err instanceof MasterKeyMismatchError ||
    err instanceof DataDirLockedError ||
    err instanceof EmbeddedPostgresUnavailableError
  ) {
    console.error(err.message);
    process.exit(78); // EX_CONFIG
  }
  if (err instanceof DiskFullError || isOutOfSpace(err)) {
    console.error(
      err instanceof DiskFullError
        ? err.message
        : `Trigger Switch could not start: the disk holding DATA_DIR is full (${(err as Error).message}). Free some space or set DATA_DIR to a larger disk, then start again.`,
    );
    process.exit(74); // EX_IOERR
  }
  console.error("Trigger Switch failed to start:", err);
  process.exit(1);
});
