import type { Recipient } from "@trigger-switch/contracts";
import type { recipients } from "../db/schema.ts";

export type RecipientRow = typeof recipients.$inferSelect;

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
