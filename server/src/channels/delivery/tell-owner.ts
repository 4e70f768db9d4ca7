import { eq } from "drizzle-orm";
import type { Clock } from "../../clock.ts";
import type { MasterKeys } from "../../crypto/master-keys.ts";
import { users } from "../../db/schema.ts";
import { enqueueOwnerNotice } from "../../engine/owner-notices.ts";
import { channelFailureKey, renderChannelFailureMail, type TellOwner } from "./channel-failure-notice.ts";

/**
 * Channel failures go to the owner through the engine's durable notice queue, in the caller's
 * transaction, once per delivery and channel (a redelivered webhook queues nothing new).
 */
export function tellOwnerByNotice({
  masterKeys,
  clock,
  siteUrl,
}: {
  masterKeys: MasterKeys;
  clock: Clock;
  siteUrl: () => string;
}): TellOwner {
  return async (notice, tx) => {
    const [owner] = await tx.select({ email: users.email }).from(users).where(eq(users.id, notice.ownerId));
    if (!owner) return;
    const mail = renderChannelFailureMail(notice, siteUrl());
    await enqueueOwnerNotice(tx, {
      masterKeys,
      now: clock.now(),
      notice: { to: owner.email, userId: notice.ownerId, key: channelFailureKey(notice), ...mail },
    });
  };
}
