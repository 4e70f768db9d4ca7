import { hash, verify, type Algorithm } from "@node-rs/argon2";

/**
 * argon2id with the OWASP-recommended parameters (19 MiB, 2 passes, 1 lane).
 * `@node-rs/argon2` exports `Algorithm` as a const enum, which isolatedModules cannot read; 2 is Argon2id.
 */
const options = { algorithm: 2 as Algorithm, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export function hashPassword(password: string): Promise<string> {
  return hash(password, options);
}

let dummyHash: Promise<string> | undefined;

/**
 * Verifies a password against a stored hash. With no stored hash (unknown e-mail, no password
 * set) it still runs one verification against a throwaway hash, so the answer takes as long
 * as for a real account and timing does not tell which addresses exist.
 */
export async function verifyPassword(stored: string | null | undefined, password: string): Promise<boolean> {
  if (!stored) {
    dummyHash ??= hashPassword("dummy password that matches nothing");
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}
