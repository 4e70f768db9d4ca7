import { randomUUID } from "node:crypto";
import type { PushSubscriptionJson, RegisteredPushDevice } from "@trigger-switch/contracts";
import { and, count, eq, ne, sql } from "drizzle-orm";
import type { MasterKeys } from "../crypto/master-keys.ts";
import type { Db } from "../db/connect.ts";
import { profiles, pushDevices } from "../db/schema.ts";
import { newSecretToken } from "../engine/secret-token.ts";
import { AppError } from "../errors.ts";
import { removePushDevice } from "./remove-push-device.ts";
import { toPushDeviceDto } from "./to-push-device-dto.ts";

/** The most devices one account may have notifications on: enough for every browser a person uses. */
export const PUSH_DEVICES_MAX = 10;

/**
 * Turns notifications on for one browser: stores its subscription and a fresh check-in credential
 * (only its hash is kept; the credential is returned this once). The same endpoint again replaces
 * its row, credential included, whoever had it: a browser is one device, and the previous
 * account's copy of it is removed as a device would be.
 */
export async function registerPushDevice({
  db,
  masterKeys,
  now,
  siteUrl,
  available,
  userId,
  name,
  subscription,
}: {
  db: Db;
  masterKeys: MasterKeys;
  now: Date;
  siteUrl: string;
  /** Whether this server sends Web Push (WEB_PUSH). */
  available: boolean;
  userId: string;
  name: string;
  subscription: PushSubscriptionJson;
}): Promise<RegisteredPushDevice> {
  if (!available)
    throw new AppError("conflict", "This server does not send notifications (Web Push is turned off here).");
  const { endpoint } = subscription;
  const [elsewhere] = await db
    .select({ id: pushDevices.id })
    .from(pushDevices)
    .where(and(eq(pushDevices.endpoint, endpoint), ne(pushDevices.userId, userId)));
  if (elsewhere) await removePushDevice(db, { masterKeys, now, siteUrl, deviceId: elsewhere.id, reason: "replaced" });

  const { token, hash } = newSecretToken();
  const row = await db.transaction(async (tx) => {
    // Serialises this owner's registrations, so two at once cannot pass the cap together.
    await tx.execute(sql`select 1 from ${profiles} where ${profiles.id} = ${userId} for update`);
    const [others] = await tx
      .select({ n: count() })
      .from(pushDevices)
      .where(and(eq(pushDevices.userId, userId), ne(pushDevices.endpoint, endpoint)));
    if ((others?.n ?? 0) >= PUSH_DEVICES_MAX)
      throw new AppError(
        "conflict",
        `Notifications are on for ${PUSH_DEVICES_MAX} of your devices, the most one account can have. Remove one under Security first.`,
      );
    const fresh = {
      id: randomUUID(),
      userId,
      name,
      endpoint,
      p256dh: subscription.keys.p256dh,
      auth: subscription.keys.auth,
      checkInHash: hash,
      createdAt: now,
      lastPushAt: null,
      lastCheckInAt: null,
    };
    const [inserted] = await tx
      .insert(pushDevices)
      .values(fresh)
      .onConflictDoUpdate({ target: pushDevices.endpoint, set: fresh })
      .returning();
    return inserted!;
  });
  return { device: toPushDeviceDto(row), check_in_credential: token };
}
