import type { Profile } from "@trigger-switch/contracts";
import { eq } from "drizzle-orm";
import type { Db } from "../db/connect.ts";
import { profiles } from "../db/schema.ts";
import { notFound } from "../errors.ts";
import { toProfileDto } from "./to-profile-dto.ts";

export async function getProfile({ db, userId }: { db: Db; userId: string }): Promise<Profile> {
  const [row] = await db.select().from(profiles).where(eq(profiles.id, userId));
  if (!row) throw notFound("Profile not found");
  return toProfileDto(row);
}
