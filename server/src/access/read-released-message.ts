import type { ReleasedMessage } from "@trigger-switch/contracts";
import type { RecipientChannel } from "@trigger-switch/contracts";
import { and, desc, eq, isNull, ne } from "drizzle-orm";
import type { Clock } from "../clock.ts";
import type { Config } from "../config.ts";
import type { MasterKeys } from "../crypto/master-keys.ts";
import { messageCipherOf } from "../crypto/message-cipher.ts";
import type { Db } from "../db/connect.ts";
import {
  accessGrants,
  deliveries,
  emergencyTriggers,
  messageAttachments,
  messages,
  profiles,
  reminderDeliveryLog,
} from "../db/schema.ts";
import { pressLocationOf } from "../emergency/press-location.ts";
import type { MessageCipher } from "../crypto/message-cipher.ts";
import { notFound } from "../errors.ts";
import { attachmentNameField } from "../attachments/attachment-fields.ts";
import { openMessage } from "../messages/open-message.ts";
import { openSealed } from "../sealing/seal-rules.ts";
import { findAccessGrant, NO_ACCESS } from "./find-access-grant.ts";
import { attachmentOrder } from "../attachments/attachment-order.ts";

/**
 * What a recipient sees through their link: nothing but the opening time during the unlock delay,
 * then the message, decrypted on the way out. The first opening is recorded for the owner.
 * An emergency release says so, and shows the position that went with that alert, if one did (it
 * was current at the press): never an older one, nor one a later press stored on the message
 * (docs/decisions/008).
 */
export async function readReleasedMessage({
  db,
  config,
  clock,
  masterKeys,
  messageId,
  token,
}: {
  db: Db;
  config: Pick<Config, "MAPBOX_TOKEN" | "MAPBOX_API_URL">;
  clock: Clock;
  masterKeys: MasterKeys;
  messageId: string;
  token: string | undefined;
}): Promise<ReleasedMessage> {
  const { grant, open } = await findAccessGrant({ db, clock, messageId, token });
  if (!open) return { state: "locked", opens_at: grant.opensAt.toISOString() };
  const [message] = await db.select().from(messages).where(eq(messages.id, messageId));
  if (!message) throw notFound(NO_ACCESS);
  const [sender] = await db
    .select({ first: profiles.firstName, last: profiles.lastName })
    .from(profiles)
    .where(eq(profiles.id, message.userId));
  const cipher = messageCipherOf(masterKeys, message);
  const opened = openMessage(cipher, message);
  const files = await db
    .select()
    .from(messageAttachments)
    .where(eq(messageAttachments.messageId, messageId))
    .orderBy(...attachmentOrder);
  // An emergency's press carries where the owner was; a contact's access on request has no release row.
  const [trigger] = grant.releaseId
    ? await db.select().from(emergencyTriggers).where(eq(emergencyTriggers.reminderId, grant.releaseId))
    : [];
  const current = trigger ? pressLocationOf(cipher, trigger, message) : null;
  const location = trigger
    ? current && {
        latitude: current.latitude,
        longitude: current.longitude,
        name: current.name,
        located_at: current.locatedAt.toISOString(),
        accuracy_m: current.accuracyM,
      }
    : message.shareLocation
      ? {
          latitude: opened.location_latitude,
          longitude: opened.location_longitude,
          name: opened.location_name,
          located_at: message.locatedAt?.toISOString() ?? null,
          accuracy_m: accuracyOf(cipher, message.locationAccuracy),
        }
      : null;
  await db
    .update(accessGrants)
    .set({ firstOpenedAt: clock.now() })
    .where(and(eq(accessGrants.id, grant.id), isNull(accessGrants.firstOpenedAt)));
  return {
    state: "open",
    sender: { first_name: sender?.first ?? null, last_name: sender?.last ?? null },
    title: opened.title,
    text_content: opened.text_content,
    sealed: openSealed(cipher, message),
    location,
    emergency: trigger ? { triggered_at: trigger.triggeredAt.toISOString(), location_current: current !== null } : null,
    attachments: files.map((f) => ({
      id: f.id,
      name: cipher.openText(attachmentNameField(f.id), f.fileName),
      type: f.contentType,
      size: f.sizeBytes,
      sealed: f.sealed,
    })),
    released_at: grant.releasedAt.toISOString(),
    expires_at: grant.expiresAt?.toISOString() ?? null,
    delivered_by: await deliveredBy(db, grant.id),
    map:
      config.MAPBOX_TOKEN && location?.latitude != null && location.longitude != null
        ? { token: config.MAPBOX_TOKEN, api_url: config.MAPBOX_API_URL }
        : null,
  };
}

function accuracyOf(cipher: MessageCipher, sealed: string | null): number | null {
  if (sealed === null) return null;
  const metres = Number(cipher.openText("location_accuracy", sealed));
  return Number.isFinite(metres) ? metres : null;
}

/** The channel whose attempt took this grant's link last (what the person holds it in); null when none did. */
async function deliveredBy(db: Db, grantId: string): Promise<RecipientChannel | null> {
  const [taken] = await db
    .select({ channel: reminderDeliveryLog.deliveryChannel })
    .from(reminderDeliveryLog)
    .innerJoin(deliveries, eq(deliveries.id, reminderDeliveryLog.deliveryId))
    .where(
      and(
        eq(deliveries.grantId, grantId),
        eq(deliveries.kind, "release"),
        ne(reminderDeliveryLog.deliveryStatus, "failed"),
      ),
    )
    .orderBy(desc(reminderDeliveryLog.createdAt))
    .limit(1);
  return (taken?.channel as RecipientChannel | undefined) ?? null;
}
