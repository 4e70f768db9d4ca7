import { createAuthService } from "./auth/create-auth-service.ts";
import { systemClock } from "./clock.ts";
import { ConfigError, loadConfig } from "./config.ts";
import { createMasterKeys } from "./crypto/master-keys.ts";
import { connect } from "./db/connect.ts";
import { buildApp } from "./http/app.ts";
import { createMailer } from "./mail/mailer.ts";

/** Composition root: config → database → mail → auth and master keys → HTTP. */
async function main() {
  const startedAt = performance.now();
  const config = loadConfig();
  const database = await connect({ url: config.DATABASE_URL, dataDir: config.DATA_DIR });
  const mailer = createMailer({ smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, db: database.db });
  const auth = await createAuthService({ config, db: database.db, mailer, clock: systemClock });
  const masterKeys = createMasterKeys({ config });
  const app = await buildApp({ config, database, mailer, clock: systemClock, auth, masterKeys });
  await app.listen({ host: config.HOST, port: config.PORT });
  app.log.info(
    { database: database.kind, mail: mailer.kind, readyMs: Math.round(performance.now() - startedAt) },
    `Trigger Switch is ready at ${config.SITE_URL}${mailer.kind === "outbox" ? ` (mail kept in the local mailbox: ${config.SITE_URL}/dev/mailbox)` : ""}`,
  );

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info(`${signal} received: finishing requests and closing`);
    await app.close();
    mailer.close();
    await database.close();
    process.exit(0);
  };
  process.on("SIGTERM", () => void stop("SIGTERM"));
  process.on("SIGINT", () => void stop("SIGINT"));
}

main().catch((err: unknown) => {
  if (err instanceof ConfigError) {
    console.error(err.message);
    process.exit(78); // EX_CONFIG
  }
  console.error("Trigger Switch failed to start:", err);
  process.exit(1);
});
