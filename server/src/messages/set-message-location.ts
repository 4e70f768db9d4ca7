import type { MessageLocationBody, MessageLocationResponse } from "@trigger-switch/contracts";
import { and, eq, isNull, lte, or } from "drizzle-orm";
import type { Clock } from "../clock.ts";
import { messageCipherOf } from "../crypto/message-cipher.ts";
import type { MasterKeys } from "../crypto/master-keys.ts";
import type { Db } from "../db/connect.ts";
import { messages } from "../db/schema.ts";
import type { ReverseGeocoder } from "../geocoding/create-geocoder.ts";
import { findOwnedMessage } from "./find-owned-message.ts";
import { sealMessageFields } from "./seal-message-fields.ts";

/**
 * Stores the device's current position on the message before an emergency (spec §7: the client
 * updated share_location and the location fields, then triggered). The place is named here, on the
 * server (Mapbox or offline), and `located_at` records when, so an emergency can tell a current
 * position from an old one. Latitude, longitude and name are encrypted like every field the owner wrote.
 */
export async function setMessageLocation({
  db,
  clock,
  masterKeys,
  geocoder,
  userId,
  messageId,
  position,
}: {
  db: Db;
  clock: Clock;
  masterKeys: MasterKeys;
  geocoder: ReverseGeocoder;
  userId: string;
  messageId: string;
  position: MessageLocationBody;
}): Promise<MessageLocationResponse> {
  // Ownership first: nobody learns anything (nor makes us call Mapbox) with another user's id.
  const message = await findOwnedMessage({ db, userId, messageId });
  // The capture instant is the request's arrival, not after the lookup: that is when the device was there.
  const locatedAt = clock.now();
  const { latitude, longitude, accuracy } = position;
  const place = await geocoder.placeName(latitude, longitude);
  const cipher = messageCipherOf(masterKeys, message);
  const sealed = sealMessageFields(cipher, {
    location_latitude: latitude,
    location_longitude: longitude,
    location_name: place.name,
  });
  await db
    .update(messages)
    .set({
      shareLocation: true,
      locationLatitude: sealed.locationLatitude,
      locationLongitude: sealed.locationLongitude,
      locationName: sealed.locationName,
      locatedAt,
      locationAccuracy: accuracy === undefined ? null : cipher.sealText("location_accuracy", String(accuracy)),
      // No updatedAt: it is the owner's last edit (the dashboard reads it as "You changed …"), and a
      // device position stored for an emergency is not one; located_at says when it was stored.
    })
    // Two captures racing: the older must not overwrite the newer.
    .where(and(eq(messages.id, message.id), or(isNull(messages.locatedAt), lte(messages.locatedAt, locatedAt))));
  return {
    share_location: true,
    location_latitude: latitude,
    location_longitude: longitude,
    location_name: place.name,
    located_at: locatedAt.toISOString(),
  };
}
