import { ATTACHMENT_MAX_BYTES_DEFAULT, ATTACHMENTS_PER_MESSAGE_MAX } from "@trigger-switch/contracts";
import type { Db } from "../db/connect.ts";

export interface PlanLimits {
  maxMessages: number;
  maxRecipients: number;
  maxAttachmentsPerMessage: number;
  maxAttachmentBytes: number;
}

/** Today's only plan. The subscription issue replaces this with the user's plan. */
const FREE_PLAN: PlanLimits = {
  maxMessages: 25,
  maxRecipients: 50,
  maxAttachmentsPerMessage: ATTACHMENTS_PER_MESSAGE_MAX,
  maxAttachmentBytes: ATTACHMENT_MAX_BYTES_DEFAULT,
};

/** What the user's plan allows; checked when something is created. */
export async function limitsFor(_deps: { db: Db; userId: string }): Promise<PlanLimits> {
  return FREE_PLAN;
}
