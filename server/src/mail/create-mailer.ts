import type { Clock } from "../clock.ts";
import type { MasterKeys } from "../crypto/master-keys.ts";
import type { Db } from "../db/connect.ts";
import type { Mailer } from "./mailer.ts";
import { createOutboxMailer } from "./outbox-transport.ts";
import { createSmtpThreadMailer } from "./smtp-thread.ts";
import type { SmtpLimits } from "./smtp-transport.ts";

/** An SMTP mailer needs only the server; the outbox stores mail, sealed with `masterKeys` and dated by `clock` (default the system clock). */
export type MailerOptions = (
  | { smtpUrl: string; from: string; db?: Db; masterKeys?: MasterKeys; clock?: Clock }
  | { smtpUrl?: string; from: string; db: Db; masterKeys: MasterKeys; clock?: Clock }
) & { limits?: Partial<SmtpLimits> };

/** The SMTP limits of the running configuration: one connection per concurrent engine send. */
export const smtpLimitsOf = (config: {
  ENGINE_CONCURRENCY: number;
  SMTP_SEND_TIMEOUT_MS: number;
  SMTP_STEP_TIMEOUT_MS: number;
}): SmtpLimits => ({
  connections: config.ENGINE_CONCURRENCY,
  sendTimeoutMs: config.SMTP_SEND_TIMEOUT_MS,
  stepTimeoutMs: Math.min(config.SMTP_STEP_TIMEOUT_MS, config.SMTP_SEND_TIMEOUT_MS),
});

/** SMTP (on a thread of its own) when `smtpUrl` is set, else the local outbox table read by the dev mailbox page. */
export function createMailer(opts: MailerOptions): Mailer {
  if (opts.smtpUrl) return createSmtpThreadMailer({ smtpUrl: opts.smtpUrl, from: opts.from, limits: opts.limits });
  if (!opts.db || !opts.masterKeys) throw new Error("the outbox mailer needs the database and the master keys");
  return createOutboxMailer({ db: opts.db, masterKeys: opts.masterKeys, clock: opts.clock });
}
