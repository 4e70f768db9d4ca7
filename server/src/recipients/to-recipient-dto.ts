import type { Recipient } from "@trigger-switch/contracts";
import type { RecipientRow } from "./seal-recipient.ts";

export type { RecipientRow };

/** The API shape of a recipient row whose name and note are already opened (`openRecipient`). */
export function toRecipientDto(row: RecipientRow): Recipient {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    channels: row.channels,
    note: row.note,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}
