import type { Profile } from "@trigger-switch/contracts";
import type { profiles } from "../db/schema.ts";

/** The wire shape of spec §3's profile (snake_case, ISO dates). */
export function toProfileDto(row: typeof profiles.$inferSelect): Profile {
  return {
    id: row.id,
    email: row.email,
    first_name: row.firstName,
    last_name: row.lastName,
    whatsapp_number: row.whatsappNumber,
    time_zone: row.timeZone,
    avatar_url: row.avatarUrl,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}
