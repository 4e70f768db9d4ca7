import { formatMailWhen } from "@trigger-switch/contracts";
import type { Clock } from "../clock.ts";
import type { Channels } from "../channels/channel.ts";
import type { TellOwner } from "../channels/delivery/channel-failure-notice.ts";
import { sendWorkDelivery } from "../channels/delivery/send-work-delivery.ts";
import type { Config } from "../config.ts";
import type { MasterKeys } from "../crypto/master-keys.ts";
import type { Db } from "../db/connect.ts";
import type { Mailer } from "../mail/mailer.ts";
import { accessPageUrl, checkInPageUrl } from "../mail/web-links.ts";
import { classifySendError } from "./classify-send-error.ts";
import { issueCheckInToken } from "./issue-check-in-token.ts";
import { logResponseData } from "./delivery-log-row.ts";
import { renderWorkMail } from "./render-work-mail.ts";
import type { DeliveryRow, SendOutcome, WorkContext } from "./work-types.ts";

export interface SendDeliveryDeps {
  db: Db;
  clock: Clock;
  config: Config;
  masterKeys: MasterKeys;
  mailer: Mailer;
  channels: Channels;
  tellOwner: TellOwner;
}

/**
 * One attempt at one delivery: its link, its mail, the send. Never throws: a failure is an
 * outcome (permanent for an SMTP 5xx, else transient). This is the engine's only way out. A
 * release or reminder that may leave e-mail (ctx.byChannels: a recipient's WhatsApp/SMS with
 * fallback, an owner's reminders on a messaging app) goes through the channel layer, which logs
 * each channel's attempt itself; plain e-mail keeps the mailer and the engine's batched log.
 */
export async function sendDelivery(
  deps: SendDeliveryDeps,
  { ctx, delivery, now }: { ctx: WorkContext; delivery: DeliveryRow; now: Date },
): Promise<SendOutcome> {
  let logged = false;
  try {
    const link = await linkFor(deps, ctx, delivery, now);
    const recipientCount = ctx.deliveries.filter((d) => d.kind === "release").length || ctx.recipientCount;
    const mail = renderWorkMail({ config: deps.config, ctx, delivery, link, recipientCount });
    if ((delivery.kind === "release" || delivery.kind === "reminder") && ctx.byChannels.has(delivery.id)) {
      logged = true;
      const result = await sendWorkDelivery({
        db: deps.db,
        clock: deps.clock,
        config: deps.config,
        channels: deps.channels,
        masterKeys: deps.masterKeys,
        tellOwner: deps.tellOwner,
        work: {
          reminderId: ctx.row.id,
          messageId: ctx.row.messageId,
          conditionId: ctx.row.conditionId,
          ownerId: ctx.row.userId,
          ownerName: ctx.ownerName,
          ownerFirstName: ctx.ownerFirstName,
          deadlineText: formatMailWhen(ctx.row.deadline, ctx.timeZone),
          deadline: ctx.row.deadline,
          timeZone: ctx.timeZone,
          emergency: ctx.emergency !== null,
        },
        delivery,
        mail,
        link,
        responseData: logResponseData(ctx, delivery, now),
      });
      // pending: a channel failed for now, retried there under the row's retry policy; failed: every channel failed for good.
      if (result.status === "sent") return { status: "sent", logged };
      return {
        status: "failed",
        error: result.error ?? "The delivery failed.",
        permanent: result.status === "failed",
        logged,
        ...(result.retryAfterMs ? { retryAfterMs: result.retryAfterMs } : {}),
      };
    }
    await deps.mailer.send(mail);
    return { status: "sent", keptLocally: deps.mailer.kind === "outbox" };
  } catch (err) {
    // An error the channel layer did not log (rendering, the link, the database): the engine logs it.
    const failure = classifySendError(err);
    return { status: "failed", error: failure.reason, permanent: failure.permanent && !logged };
  }
}

async function linkFor(
  { db, config, masterKeys }: SendDeliveryDeps,
  ctx: WorkContext,
  delivery: DeliveryRow,
  now: Date,
): Promise<string> {
  if (delivery.kind === "reminder") {
    const token = await issueCheckInToken({ db, userId: ctx.row.userId, deadline: ctx.row.deadline, now });
    return checkInPageUrl(config.SITE_URL, token);
  }
  if (delivery.kind === "release" && delivery.sealedToken && delivery.tokenKeyId && delivery.grantId) {
    const token = masterKeys
      .unwrap(delivery.tokenKeyId, delivery.sealedToken, `access-token:${delivery.grantId}`)
      .toString("utf8");
    return accessPageUrl(config.SITE_URL, ctx.row.messageId, token);
  }
  return "";
}
