import { createAdjustableClock, systemClock } from "./clock.ts";
import { composeApp } from "./compose-app.ts";
import { ConfigError, loadConfig } from "./config.ts";
import { MasterKeyMismatchError } from "./crypto/check-master-keys.ts";
import { connect } from "./db/connect.ts";
import { hasLocalMailbox, mailboxUrl } from "./http/mailbox-key.ts";
import { clockRoutes } from "./dev/clock-routes.ts";

/** Composition root: config → database → the app → listen. */
async function main() {
  const startedAt = performance.now();
  const config = loadConfig();
  const database = await connect({ url: config.DATABASE_URL, dataDir: config.DATA_DIR });
  const testClock = config.TEST_CLOCK ? createAdjustableClock(config.CLOCK_OFFSET_MS) : null;
  const { app, mailer } = await composeApp({ config, database, clock: testClock ?? systemClock });
  if (testClock) {
    await app.register(clockRoutes, { prefix: "/dev/clock", clock: testClock, db: database.db });
    app.log.warn({ offsetMs: config.CLOCK_OFFSET_MS }, "TEST_CLOCK is on: time can be moved through POST /dev/clock");
  }
  await app.listen({ host: config.HOST, port: config.PORT });
  app.log.info(
    { database: database.kind, mail: mailer.kind, readyMs: Math.round(performance.now() - startedAt) },
    `Trigger Switch is ready at ${config.SITE_URL}${hasLocalMailbox(config) ? ` (no mail server: e-mails are kept in the local mailbox, which only this address opens: ${mailboxUrl(config)})` : ""}`,
  );

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info(`${signal} received: finishing requests and closing`);
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on("SIGTERM", () => void stop("SIGTERM"));
  process.on("SIGINT", () => void stop("SIGINT"));
}

main().catch((err: unknown) => {
  if (err instanceof ConfigError || err instanceof MasterKeyMismatchError) {
    console.error(err.message);
    process.exit(78); // EX_CONFIG
  }
  console.error("Trigger Switch failed to start:", err);
  process.exit(1);
});
