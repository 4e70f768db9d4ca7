import type { Config } from "../config.ts";
import type { MasterKeys } from "../crypto/master-keys.ts";
import type { Db } from "../db/connect.ts";
import type { Mailer } from "../mail/mailer.ts";
import { accessPageUrl, checkInPageUrl } from "../mail/web-links.ts";
import { classifySendError } from "./classify-send-error.ts";
import { issueCheckInToken } from "./issue-check-in-token.ts";
import type { DeliveryRow, WorkContext } from "./load-work-context.ts";
import { renderWorkMail } from "./render-work-mail.ts";

export type SendOutcome = { status: "sent" } | { status: "failed"; error: string; permanent: boolean };

export interface SendDeliveryDeps {
  db: Db;
  config: Config;
  masterKeys: MasterKeys;
  mailer: Mailer;
}

/**
 * One attempt at one delivery: its link, its mail, the send. Never throws: a failure is an
 * outcome (permanent for an SMTP 5xx, else transient). This is the engine's only way out, one
 * function, so other channels can take over here (issue 11) without the engine knowing.
 */
export async function sendDelivery(deps: SendDeliveryDeps, { ctx, delivery, now }: { ctx: WorkContext; delivery: DeliveryRow; now: Date }): Promise<SendOutcome> {
  try {
    const link = await linkFor(deps, ctx, delivery, now);
    const recipientCount = ctx.deliveries.filter((d) => d.kind === "release").length || ctx.recipientCount;
    await deps.mailer.send(renderWorkMail({ config: deps.config, ctx, delivery, link, recipientCount }));
    return { status: "sent" };
  } catch (err) {
    const failure = classifySendError(err);
    return { status: "failed", error: failure.reason, permanent: failure.permanent };
  }
}

async function linkFor({ db, config, masterKeys }: SendDeliveryDeps, ctx: WorkContext, delivery: DeliveryRow, now: Date): Promise<string> {
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
