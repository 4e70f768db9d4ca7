import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { deliveries } from "../../src/db/schema.ts";
import { NOTICE_DELAYS_MS } from "../../src/engine/retry-policy.ts";
import type { Mailer } from "../../src/mail/mailer.ts";
import { HOUR, mailsTo, scheduleOf, tick, travel } from "../support/engine.ts";
import { engineAppWithSink, ownerWithMessage } from "../support/fixtures.ts";
import type { SmtpSink } from "../support/smtp-sink.ts";
import type { TestApp } from "../support/test-app.ts";

// The owner's release notice is sent on its own once its release is settled
// (docs/decisions/012-engine-throughput-and-notices.md): what becomes of it never changes what
// became of the release, and it is retried, given up and listed for the admin as a notice is.
let sink: SmtpSink;
let t: TestApp;

beforeAll(async () => {
  ({ t, sink } = await engineAppWithSink());
});
afterAll(() => t.close());

/** The real mailer, except that mail to `address` is answered with an SMTP `code` (a 5xx refuses it for good). */
const refusing = (address: string, code: number): Mailer => ({
  kind: t.mailer.kind,
  close: () => t.mailer.close(),
  async send(mail) {
    if (mail.to === address)
      throw Object.assign(new Error(`${code} mailbox unavailable`), { responseCode: code, response: `${code} no` });
    return t.mailer.send(mail);
  },
});

async function releaseOf(conditionId: string) {
  const row = (await scheduleOf(t, conditionId)).find((r) => r.reminderType === "final_delivery");
  const [notice] = await t.database.db
    .select()
    .from(deliveries)
    .where(and(eq(deliveries.reminderId, row!.id), eq(deliveries.kind, "release_notice")));
  return { row: row!, notice: notice! };
}

describe("the owner's release notice, sent on its own", () => {
  it("leaves the release sent when the owner's mailbox refuses it", async () => {
    const s = await ownerWithMessage(t, { condition_type: "no_check_in", hours_threshold: 1 }, 1);
    await travel(t, HOUR);
    await tick(t, { mailer: refusing(s.owner.email, 550) });
    expect(mailsTo(sink, s.recipientEmails[0]!)).toHaveLength(1);
    const { row, notice } = await releaseOf(s.conditionId);
    expect(row.status).toBe("sent");
    expect(notice).toMatchObject({ status: "failed", attempts: 1, claimedBy: null, lockedUntil: null });
    expect(notice.lastError).toContain("SMTP 550");
    // The admin sees it as a failed notice (test/admin/stuck-notices.test.ts).
  });

  it("is tried again with the notices' backoff while the release stays sent, and its recipient is mailed once", async () => {
    const s = await ownerWithMessage(t, { condition_type: "no_check_in", hours_threshold: 1 }, 1);
    await travel(t, HOUR);
    await tick(t, { mailer: refusing(s.owner.email, 421) });
    let { row, notice } = await releaseOf(s.conditionId);
    expect(row.status).toBe("sent");
    expect(notice).toMatchObject({ status: "pending", attempts: 1, claimedBy: null });
    expect(notice.nextAttemptAt!.getTime()).toBe(t.clock.now().getTime() + NOTICE_DELAYS_MS[0]!);

    // Not before its time, and not with its release.
    await tick(t);
    expect(mailsTo(sink, s.owner.email)).toHaveLength(0);
    await travel(t, NOTICE_DELAYS_MS[0]!);
    await tick(t);
    expect(mailsTo(sink, s.owner.email)).toHaveLength(1);
    expect(mailsTo(sink, s.recipientEmails[0]!)).toHaveLength(1);
    ({ row, notice } = await releaseOf(s.conditionId));
    expect(row.status).toBe("sent");
    expect(notice).toMatchObject({ status: "sent", attempts: 2, claimedBy: null, lockedUntil: null });
  });

  it("is given up, as a notice is, once its retries run past two days, and the release stays sent", async () => {
    const s = await ownerWithMessage(t, { condition_type: "no_check_in", hours_threshold: 1 }, 1);
    await travel(t, HOUR);
    const down = refusing(s.owner.email, 421);
    await tick(t, { mailer: down });
    await travel(t, 49 * HOUR);
    await tick(t, { mailer: down });
    const { row, notice } = await releaseOf(s.conditionId);
    expect(row.status).toBe("sent");
    expect(notice).toMatchObject({ status: "failed", attempts: 2, claimedBy: null, lockedUntil: null });
    expect(notice.lastError).toContain("SMTP 421");
    await tick(t);
    expect(mailsTo(sink, s.owner.email)).toHaveLength(0);
  });
});
