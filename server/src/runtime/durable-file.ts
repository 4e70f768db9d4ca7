import crypto from "node:crypto";
import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";

/**
 * Writes a file so that a power cut leaves either nothing or the whole file, never a key we used
 * and then lost: the bytes go to a temporary file that is synced, then linked (exclusive: an
 * existing file wins, so two processes starting at once agree) or renamed into place, and the
 * folder is synced so the name itself survives. Files are 0600, new folders 0700.
 * Returns false when `exclusive` and the file already existed.
 */
export function writeFileDurably(file: string, data: string | Buffer, opts: { exclusive: boolean }): boolean {
  const dir = path.dirname(file);
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  const tmp = temporaryName(file);
  const fd = fs.openSync(tmp, "wx", 0o600);
  try {
    fs.writeFileSync(fd, data);
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
  let written = true;
  try {
    if (opts.exclusive) fs.linkSync(tmp, file);
    else fs.renameSync(tmp, file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
    written = false;
  } finally {
    fs.rmSync(tmp, { force: true });
  }
  syncDirectory(dir);
  return written;
}

/** Syncs a folder, so the names just created or renamed in it survive a power cut. */
export function syncDirectory(dir: string): void {
  const fd = fs.openSync(dir, "r");
  try {
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}

/** The same for request paths (attachments, avatars), off the event loop. */
export async function writeFileDurablyAsync(
  file: string,
  data: Buffer,
  opts: { exclusive: boolean },
): Promise<boolean> {
  const dir = path.dirname(file);
  await fsp.mkdir(dir, { recursive: true, mode: 0o700 });
  const tmp = temporaryName(file);
  const handle = await fsp.open(tmp, "wx", 0o600);
  try {
    await handle.writeFile(data);
    await handle.sync();
  } finally {
    await handle.close();
  }
  let written = true;
  try {
    if (opts.exclusive) await fsp.link(tmp, file);
    else await fsp.rename(tmp, file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
    written = false;
  } finally {
    await fsp.rm(tmp, { force: true });
  }
  const dirHandle = await fsp.open(dir, "r");
  try {
    await dirHandle.sync();
  } finally {
    await dirHandle.close();
  }
  return written;
}

const temporaryName = (file: string) => `${file}.${process.pid}.${crypto.randomBytes(4).toString("hex")}.tmp`;
