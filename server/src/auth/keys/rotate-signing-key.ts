import type { Clock } from "../../clock.ts";
import type { Config } from "../../config.ts";
import { generateStoredKey, keyFilePath, readKeyFile, writeKeyFile } from "./key-file.ts";

/**
 * Makes the current key a previous one and starts signing with a new key. Tokens signed with
 * the previous key stay valid until they expire (the key stays in the JWKS that long); keys
 * retired longer ago than one token lifetime are dropped from the file.
 * Returns the new `kid`. Running processes pick the change up on their next token.
 */
export function rotateSigningKey({ config, clock }: { config: Config; clock: Clock }): string {
  if (config.JWT_PRIVATE_KEY) {
    throw new Error(
      "JWT_PRIVATE_KEY is set: rotate by putting the new PEM key first in JWT_PRIVATE_KEY and keeping the old one after it until issued tokens have expired",
    );
  }
  const file = keyFilePath(config.DATA_DIR);
  const now = clock.now();
  const existing = readKeyFile(file) ?? { keys: [] };
  const keepUntil = now.getTime() - (config.JWT_EXPIRY + 60) * 1000;
  const previous = existing.keys
    .map((k) => (k.retiredAt === null ? { ...k, retiredAt: now.toISOString() } : k))
    .filter((k) => new Date(k.retiredAt!).getTime() > keepUntil);
  const fresh = generateStoredKey(now);
  writeKeyFile(file, { keys: [fresh, ...previous] }, { exclusive: false });
  return fresh.kid;
}
