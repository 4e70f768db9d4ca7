import type { Profile, profileUpdateSchema } from "@trigger-switch/contracts";
import { eq } from "drizzle-orm";
import type { z } from "zod";
import type { Clock } from "../clock.ts";
import type { Db } from "../db/connect.ts";
import { profiles } from "../db/schema.ts";
import { notFound } from "../errors.ts";
import { toProfileDto } from "./to-profile-dto.ts";
import { forgetOtherNumbers } from "../channels/numbers/forget-other-numbers.ts";

type Changes = z.output<typeof profileUpdateSchema> & { avatar_url?: string | null };

/** Applies the given fields only; "" is stored as null so "missing" has one representation. */
export async function updateProfile({
  db,
  clock,
  userId,
  changes,
}: {
  db: Db;
  clock: Clock;
  userId: string;
  changes: Changes;
}): Promise<Profile> {
  const blankToNull = (v: string | null | undefined) => (v === undefined ? undefined : v?.trim() ? v.trim() : null);
  const [row] = await db
    .update(profiles)
    .set({
      firstName: blankToNull(changes.first_name),
      lastName: blankToNull(changes.last_name),
      whatsappNumber: blankToNull(changes.whatsapp_number),
      timeZone: blankToNull(changes.time_zone),
      avatarUrl: changes.avatar_url,
      updatedAt: clock.now(),
    })
    .where(eq(profiles.id, userId))
    .returning();
  if (!row) throw notFound("Profile not found");
  // A new number must be proven again; the old proof must not come back if the number does (docs/decisions/014).
  if (changes.whatsapp_number !== undefined) await forgetOtherNumbers({ db, userId, keep: row.whatsappNumber });
  return toProfileDto(row);
}
