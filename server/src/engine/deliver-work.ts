import { and, eq } from "drizzle-orm";
import type { Clock } from "../clock.ts";
import type { Config } from "../config.ts";
import type { MasterKeys } from "../crypto/master-keys.ts";
import type { Db } from "../db/connect.ts";
import { deliveries, reminderDeliveryLog } from "../db/schema.ts";
import type { Mailer } from "../mail/mailer.ts";
import { accessPageUrl, checkInPageUrl } from "../mail/web-links.ts";
import { classifySendError } from "./classify-send-error.ts";
import { issueCheckInToken } from "./issue-check-in-token.ts";
import type { WorkContext } from "./load-work-context.ts";
import { renderWorkMail } from "./render-work-mail.ts";

type DeliveryRow = typeof deliveries.$inferSelect;

/**
 * Sends every delivery of the row that is not sent yet, one attempt each, and logs each attempt
 * in reminder_delivery_log. The intent row exists before the send and is marked sent after it,
 * so a crash in between repeats this one send, never loses it.
 */
export async function deliverWork({ db, clock, mailer, config, masterKeys, ctx }: { db: Db; clock: Clock; mailer: Mailer; config: Config; masterKeys: MasterKeys; ctx: WorkContext }): Promise<void> {
  const all = await db.select().from(deliveries).where(eq(deliveries.reminderId, ctx.row.id));
  const recipientCount = all.filter((d) => d.kind === "release").length || ctx.recipientCount;
  for (const delivery of all.filter((d) => d.status === "pending")) {
    const attempt = delivery.attempts + 1;
    const now = clock.now();
    const responseData = {
      emergency: false,
      triggered_by: ctx.row.reminderType === "final_delivery" ? "deadline" : "reminder",
      triggered_at: (ctx.row.releasedAt ?? now).toISOString(),
      manual_trigger: false,
      keep_armed: ctx.keepArmed,
      fallback_method: null,
      // An emergency's own fields (emergency, triggered_by, keep_armed as applied at the press…).
      ...ctx.emergency?.responseData,
      kind: delivery.kind,
      idempotency_key: delivery.idempotencyKey,
    };
    let status: "sent" | "failed" = "sent";
    let error: string | null = null;
    let permanent = false;
    try {
      const link = await linkFor({ db, config, masterKeys, ctx, delivery, now });
      await mailer.send(renderWorkMail({ config, ctx, delivery, link, recipientCount }));
    } catch (err) {
      const failure = classifySendError(err);
      status = "failed";
      error = failure.reason;
      permanent = failure.permanent;
    }
    const at = clock.now();
    await db
      .update(deliveries)
      .set(status === "sent" ? { status: "sent", attempts: attempt, sentAt: at, lastError: null } : { status: permanent ? "failed" : "pending", attempts: attempt, lastError: error })
      .where(and(eq(deliveries.id, delivery.id), eq(deliveries.status, "pending")));
    await db.insert(reminderDeliveryLog).values({
      reminderId: ctx.row.id,
      deliveryId: delivery.id,
      messageId: ctx.row.messageId,
      conditionId: ctx.row.conditionId,
      recipient: delivery.address,
      deliveryChannel: delivery.channel,
      deliveryStatus: status,
      responseData: { ...responseData, permanent },
      error,
      attempt,
      createdAt: at,
    });
  }
}

async function linkFor({ db, config, masterKeys, ctx, delivery, now }: { db: Db; config: Config; masterKeys: MasterKeys; ctx: WorkContext; delivery: DeliveryRow; now: Date }): Promise<string> {
  if (delivery.kind === "reminder") {
    const token = await issueCheckInToken({ db, userId: ctx.row.userId, deadline: ctx.row.deadline, now });
    return checkInPageUrl(config.SITE_URL, token);
  }
  if (delivery.kind === "release" && delivery.sealedToken && delivery.tokenKeyId && delivery.grantId) {
    const token = masterKeys.unwrap(delivery.tokenKeyId, delivery.sealedToken, `access-token:${delivery.grantId}`).toString("utf8");
    return accessPageUrl(config.SITE_URL, ctx.row.messageId, token);
  }
  return "";
}
