import { randomUUID } from "node:crypto";
import type { Clock } from "../../clock.ts";
import type { MasterKeys } from "../../crypto/master-keys.ts";
import { newRecordCipher } from "../../crypto/record-cipher.ts";
import type { Db } from "../../db/connect.ts";
import { mailOutbox } from "../../db/schema.ts";
import { ChannelError, type Channel, type PhoneChannelId } from "../channel.ts";
import { CHANNEL_NAMES } from "../channel-names.ts";
import { isE164 } from "../phone-number.ts";

/**
 * Local mode (docs/decisions/014): no WhatsApp or SMS provider and no mail server. What would have
 * gone by WhatsApp or SMS is kept in the local mailbox instead, marked with its channel and sealed
 * like the e-mails there, so a self-hoster sees what recipients would receive. The channel stays
 * `available: false` (nothing leaves this machine); `local` says where its sends go.
 */
export function createOutboxPhoneChannel({
  id,
  db,
  masterKeys,
  clock,
  missing,
}: {
  id: PhoneChannelId;
  db: Db;
  masterKeys: MasterKeys;
  clock: Clock;
  missing: readonly string[];
}): Channel {
  const name = CHANNEL_NAMES[id];
  return {
    id,
    available: false,
    local: true,
    async send(envelope) {
      if (!isE164(envelope.to))
        throw new ChannelError(
          id,
          true,
          "The number is not in international E.164 format (+ country code and number).",
          "bad_number",
        );
      const rowId = randomUUID();
      const { cipher, keyId, wrappedKey } = newRecordCipher(masterKeys, "mail", rowId);
      const note = `(Kept in the local mailbox: ${name} is not configured on this server — set ${missing.join(", ")} to send it for real.)`;
      await db.insert(mailOutbox).values({
        id: rowId,
        to: envelope.to,
        channel: id,
        subject: cipher.seal("subject", `${name} message`),
        text: cipher.seal("text", `${envelope.text}\n\n${note}`),
        keyId,
        wrappedKey,
        createdAt: clock.now(),
      });
      return {
        channel: id,
        providerMessageId: `local:${rowId}`,
        form: "text",
        local: true,
        acceptedAt: clock.now(),
      };
    },
  };
}
