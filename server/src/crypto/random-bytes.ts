import crypto from "node:crypto";

const POOL_BYTES = 4096;
let pool = Buffer.alloc(0);
let used = 0;

/**
 * Cryptographically random bytes (IVs, data keys, link tokens), drawn from a pool filled from
 * crypto.randomBytes 4 KiB at a time, as Node's own crypto.randomUUID does. A burst seals tens of
 * thousands of rows, each taking a key, two IVs and often a token, and every small randomBytes
 * call is a trip into OpenSSL that cost more than the sealing around it. No byte is handed out
 * twice: a spent pool is replaced, never refilled in place, so earlier slices stay as they were.
 */
export function randomBytes(size: number): Buffer {
  if (size > POOL_BYTES / 8) return crypto.randomBytes(size);
  if (used + size > pool.length) {
    pool = crypto.randomBytes(POOL_BYTES);
    used = 0;
  }
  return pool.subarray(used, (used += size));
}
