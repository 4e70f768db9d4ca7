import { createMasterKeys } from "../../src/crypto/master-keys.ts";
import { readOutbox, type OutboxMail } from "../../src/mail/read-outbox.ts";
import type { TestApp } from "./test-app.ts";

/** The local outbox's mails (to `to`, when given), opened with the app's master keys, newest first. */
export function outboxMails(t: TestApp, to?: string): Promise<OutboxMail[]> {
  return readOutbox({ db: t.database.db, masterKeys: createMasterKeys({ config: t.config }), to, limit: 10_000 });
}
