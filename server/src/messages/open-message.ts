import type { MessageCipher } from "../crypto/message-cipher.ts";
import type { MessageRow } from "./find-owned-message.ts";

export interface OpenedMessage {
  title: string;
  text_content: string;
  location_latitude: number | null;
  location_longitude: number | null;
  location_name: string | null;
}

/** Decrypts what the owner wrote, with the message's cipher (`messageCipherOf`). */
export function openMessage(cipher: MessageCipher, row: MessageRow): OpenedMessage {
  const maybe = (field: string, stored: string | null) => (stored === null ? null : cipher.openText(field, stored));
  const lat = maybe("location_latitude", row.locationLatitude);
  const lon = maybe("location_longitude", row.locationLongitude);
  return {
    title: cipher.openText("title", row.title),
    text_content: cipher.openText("text_content", row.textContent),
    location_latitude: lat === null ? null : Number(lat),
    location_longitude: lon === null ? null : Number(lon),
    location_name: maybe("location_name", row.locationName),
  };
}
