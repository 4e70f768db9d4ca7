import type { Config } from "../../server/src/config.ts";
import type { MasterKeys } from "../../server/src/crypto/master-keys.ts";
import type { Db } from "../../server/src/db/connect.ts";
import { createMailer, smtpLimitsOf } from "../../server/src/mail/create-mailer.ts";
import { withNewThreads } from "./cpu-time.ts";

/**
 * The engine's mailer as the server makes it (one SMTP connection per concurrent send), its thread
 * started now as main.ts starts it; `mailThreads` are the threads that started, for a CPU meter.
 */
export function startBenchMailer({ config, db, masterKeys }: { config: Config; db: Db; masterKeys: MasterKeys }) {
  const { result: mailer, threads: mailThreads } = withNewThreads(() => {
    const created = createMailer({
      smtpUrl: config.SMTP_URL,
      from: config.MAIL_FROM,
      db,
      masterKeys,
      limits: smtpLimitsOf(config),
    });
    created.warm?.();
    return created;
  });
  return { mailer, mailThreads };
}
