import { eq } from "drizzle-orm";
import type { Db } from "../db/connect.ts";
import { profiles } from "../db/schema.ts";

/** Keeps the profile's copy of the e-mail in step once a change of address is confirmed. */
export async function syncProfileEmail({
  db,
  userId,
  email,
}: {
  db: Db;
  userId: string;
  email: string;
}): Promise<void> {
  await db.update(profiles).set({ email, updatedAt: new Date() }).where(eq(profiles.id, userId));
}
