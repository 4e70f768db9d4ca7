import { eq } from "drizzle-orm";
import type { Config } from "../config.ts";
import type { Db } from "../db/connect.ts";
import { users } from "../db/schema.ts";
import { renderMail } from "../mail/layout.ts";
import type { Mailer } from "../mail/mailer.ts";
import type { PlanNotice } from "./apply-stripe-event.ts";
import { limitsFor } from "./limits-for.ts";
import { overLimitSentences, readUsage } from "./read-usage.ts";

const NOTHING_DISARMED = "Nothing of yours was switched off: every armed switch keeps running, and your messages, recipients and files stay as they are.";

/**
 * Tells the account's owner what a billing change means for their switches. Sent after the
 * event is committed; best effort (a failure is logged, and the Subscription page says the same).
 */
export async function notifyPlanChange({ db, config, mailer, notice, log }: { db: Db; config: Config; mailer: Mailer; notice: PlanNotice; log: { error(obj: object, msg: string): void } }): Promise<void> {
  try {
    const [user] = await db.select({ email: users.email }).from(users).where(eq(users.id, notice.userId));
    if (!user) return;
    const action = { label: "Open your subscription", url: `${config.SITE_URL}/subscription` };
    let subject: string;
    let mail: { text: string; html: string };
    if (notice.kind === "downgraded") {
      const limits = await limitsFor({ db, config, userId: notice.userId });
      const over = overLimitSentences(limits, await readUsage({ db, userId: notice.userId, limits }), true);
      subject = "Your plan is now Free";
      mail = renderMail({
        heading: "Your Trigger Switch plan is now Free",
        paragraphs: [
          "Your Plus subscription has ended, so your account is on the Free plan from now on.",
          NOTHING_DISARMED,
          ...(over.length > 0 ? ["Where you are over the Free plan's limits, new items are refused until you are under them again:", ...over] : ["Everything you have fits the Free plan."]),
          "You can upgrade again at any time on the Subscription page.",
        ],
        action,
      });
    } else if (notice.kind === "payment_failed") {
      subject = "We could not take your payment";
      mail = renderMail({
        heading: "We could not take your payment for Plus",
        paragraphs: [
          "Your last payment for Trigger Switch Plus did not go through. Your plan stays Plus while the payment is tried again over the next days.",
          "Please check or update your card on the Subscription page (Manage billing).",
          `If the payment keeps failing, your plan becomes Free. ${NOTHING_DISARMED}`,
        ],
        action,
      });
    } else {
      subject = "Welcome to Plus";
      mail = renderMail({
        heading: "You are on Trigger Switch Plus",
        paragraphs: ["Thank you. Your account now has the Plus plan's limits: more messages and recipients, larger attachments and check-in intervals down to 5 minutes."],
        action,
      });
    }
    await mailer.send({ to: user.email, subject, ...mail });
  } catch (err) {
    log.error({ err, kind: notice.kind }, "could not send the plan change mail");
  }
}
