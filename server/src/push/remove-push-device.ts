import { and, eq, sql } from "drizzle-orm";
import type { MasterKeys } from "../crypto/master-keys.ts";
import type { Db, Tx } from "../db/connect.ts";
import { profiles, pushDevices, users } from "../db/schema.ts";
import { enqueueOwnerNotice } from "../engine/owner-notices.ts";
import { renderMail } from "../mail/layout.ts";

/** Why a device goes: the owner removed it, its push service said the subscription is gone, or the same browser subscribed again. */
export type RemovalReason = "removed" | "gone" | "replaced";

/**
 * Deletes a device, revoking its check-in credential with it. When it was the owner's last device
 * and their reminders were to go by push, push is taken out of their reminder channels and they
 * are told by e-mail in the same transaction: a reminder channel never stops silently. Returns
 * whether a row went and whether push was turned off.
 */
export async function removePushDevice(
  db: Db | Tx,
  {
    masterKeys,
    now,
    siteUrl,
    deviceId,
    reason,
  }: { masterKeys: MasterKeys; now: Date; siteUrl: string; deviceId: string; reason: RemovalReason },
): Promise<{ removed: boolean; pushTurnedOff: boolean }> {
  return db.transaction(async (tx) => {
    // Profile first, then the device, as registering does: the same lock order everywhere cannot deadlock.
    // It also makes a second removal racing for the last two devices wait, so its next statement sees
    // the first one's delete.
    const [device] = await tx
      .select({ userId: pushDevices.userId })
      .from(pushDevices)
      .where(eq(pushDevices.id, deviceId));
    if (!device) return { removed: false, pushTurnedOff: false };
    await tx.execute(sql`select 1 from ${profiles} where ${profiles.id} = ${device.userId} for update`);
    const [gone] = await tx
      .delete(pushDevices)
      .where(and(eq(pushDevices.id, deviceId), eq(pushDevices.userId, device.userId)))
      .returning({ userId: pushDevices.userId, name: pushDevices.name });
    if (!gone) return { removed: false, pushTurnedOff: false };
    const [turnedOff] = await tx
      .update(profiles)
      .set({ reminderChannels: sql`array_remove(${profiles.reminderChannels}, 'push')`, updatedAt: now })
      .where(
        and(
          eq(profiles.id, gone.userId),
          sql`'push' = any(${profiles.reminderChannels})`,
          sql`not exists (select 1 from ${pushDevices} where ${pushDevices.userId} = ${gone.userId})`,
        ),
      )
      .returning({ id: profiles.id });
    if (!turnedOff) return { removed: true, pushTurnedOff: false };
    const [owner] = await tx.select({ email: users.email }).from(users).where(eq(users.id, gone.userId));
    if (owner)
      await enqueueOwnerNotice(tx, {
        masterKeys,
        now,
        notice: {
          to: owner.email,
          userId: gone.userId,
          key: `push-off:${gone.userId}:${deviceId}`,
          ...pushOffMail(gone.name, reason, siteUrl),
        },
      });
    return { removed: true, pushTurnedOff: true };
  });
}

function pushOffMail(deviceName: string, reason: RemovalReason, siteUrl: string) {
  const why =
    reason === "gone"
      ? `The notifications on "${deviceName}" stopped working (the browser's push service no longer knows it; this happens when notifications are turned off or the browser's data is cleared), so we removed that device.`
      : `"${deviceName}" was removed from your devices.`;
  const heading = "Your reminders no longer come as notifications";
  return {
    subject: heading,
    ...renderMail({
      heading,
      paragraphs: [
        why,
        "It was your last device with notifications on, so your reminders now come by e-mail (and any other channel you chose) only.",
        "To get them as notifications again, turn notifications on for a device under Security in your profile.",
      ],
      action: { label: "Open Security", url: `${siteUrl}/profile#security` },
    }),
  };
}
