import type { Profile } from "@trigger-switch/contracts";
import type { Clock } from "../clock.ts";
import type { Db } from "../db/connect.ts";
import { AppError } from "../errors.ts";
import { removeAvatar, saveAvatar } from "./avatar-store.ts";
import { getProfile } from "./get-profile.ts";
import { detectImageType } from "./image-type.ts";
import { updateProfile } from "./update-profile.ts";

interface Deps {
  db: Db;
  clock: Clock;
  dataDir: string;
  userId: string;
}

/** Stores a new avatar (PNG, JPEG, GIF or WebP by content), then drops the old file. `bytes: null` removes it. */
export async function setAvatar({ bytes, ...deps }: Deps & { bytes: Buffer | null }): Promise<Profile> {
  const previous = (await getProfile(deps)).avatar_url;
  let url: string | null = null;
  if (bytes) {
    const type = detectImageType(bytes);
    if (!type) throw new AppError("unsupported_media_type", "The avatar must be a PNG, JPEG, GIF or WebP image.");
    url = await saveAvatar(deps.dataDir, bytes, type.ext);
  }
  const profile = await updateProfile({ ...deps, changes: { avatar_url: url } });
  await removeAvatar(deps.dataDir, previous);
  return profile;
}
