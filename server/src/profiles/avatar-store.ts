import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { writeFileDurablyAsync } from "../runtime/durable-file.ts";

/** Public URL prefix of avatars. Names are 128-bit random, so a URL cannot be guessed from a user id. */
export const AVATAR_URL_PREFIX = "/media/avatars/";
const NAME = /^[a-f0-9]{32}\.(png|jpg|gif|webp)$/;

export function avatarDir(dataDir: string) {
  return path.join(dataDir, "avatars");
}

export async function saveAvatar(dataDir: string, bytes: Buffer, ext: string): Promise<string> {
  const dir = avatarDir(dataDir);
  const name = `${randomBytes(16).toString("hex")}.${ext}`;
  await writeFileDurablyAsync(path.join(dir, name), bytes, { exclusive: true });
  return AVATAR_URL_PREFIX + name;
}

/** Deletes the file behind one of our avatar URLs; anything else (an outside URL, a bad name) is ignored. */
export async function removeAvatar(dataDir: string, url: string | null): Promise<void> {
  const name = url?.startsWith(AVATAR_URL_PREFIX) ? url.slice(AVATAR_URL_PREFIX.length) : null;
  if (!name || !NAME.test(name)) return;
  await fs.rm(path.join(avatarDir(dataDir), name), { force: true });
}

/** The file for a requested name, or null; the strict pattern keeps paths inside the avatar folder. */
export function avatarFile(dataDir: string, name: string): string | null {
  return NAME.test(name) ? path.join(avatarDir(dataDir), name) : null;
}
