import type { MessageCipher } from "../crypto/message-cipher.ts";
import type { OpenedMessage } from "./open-message.ts";

/** The column values for the given plaintext fields (only those present), each sealed with a fresh IV. */
export function sealMessageFields(cipher: MessageCipher, fields: Partial<OpenedMessage>) {
  const seal = (field: keyof OpenedMessage) => {
    const value = fields[field];
    if (value === undefined) return undefined;
    return value === null ? null : cipher.sealText(field, String(value));
  };
  return {
    title: seal("title") ?? undefined,
    textContent: seal("text_content") ?? undefined,
    locationLatitude: seal("location_latitude"),
    locationLongitude: seal("location_longitude"),
    locationName: seal("location_name"),
  };
}
