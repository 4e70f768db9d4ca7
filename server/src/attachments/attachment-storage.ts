import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { writeFileDurablyAsync } from "../runtime/durable-file.ts";

/**
 * Where attachment blobs (already encrypted) live. Local disk today; an object store later
 * implements the same four calls. Keys are random, so they reveal nothing about the owner.
 */
export interface AttachmentStorage {
  newKey(): string;
  put(key: string, bytes: Buffer): Promise<void>;
  get(key: string): Promise<Buffer>;
  /** Idempotent: removing a missing blob is not an error. */
  remove(key: string): Promise<void>;
}

const KEY = /^[a-f0-9]{32}$/;

/** Blobs as files under `${DATA_DIR}/attachments/`, readable by the server's user only. */
export function diskAttachmentStorage(dataDir: string): AttachmentStorage {
  const dir = path.join(dataDir, "attachments");
  const fileOf = (key: string) => {
    // The strict pattern keeps every path inside the folder.
    if (!KEY.test(key)) throw new Error("invalid attachment storage key");
    return path.join(dir, key);
  };
  return {
    newKey: () => randomBytes(16).toString("hex"),
    async put(key, bytes) {
      // Synced before the upload is acknowledged; keys are random, so an existing file is a fault.
      if (!(await writeFileDurablyAsync(fileOf(key), bytes, { exclusive: true })))
        throw new Error("attachment storage key already in use");
    },
    get: (key) => fs.readFile(fileOf(key)),
    remove: (key) => fs.rm(fileOf(key), { force: true }),
  };
}
