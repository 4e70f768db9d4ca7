import { textProblem } from "../users/text-problem.ts";

/** The profile's limit for a name (contracts' profile schema). */
const NAME_MAX_LENGTH = 100;

export interface ProviderNames {
  first: string | null;
  last: string | null;
}

/**
 * First and last name from a provider's claims: `given_name` and `family_name` where sent. A bare
 * `name` is split only when it is exactly two words ("Ada Lovelace"); a longer one cannot be split
 * truly for everyone ("María José García López"), so the owner types it. Names we could not store
 * (too long, NUL, broken Unicode) are left out.
 */
export function namesFromClaims(claims: {
  given_name?: unknown;
  family_name?: unknown;
  name?: unknown;
}): ProviderNames {
  const given = clean(claims.given_name);
  const family = clean(claims.family_name);
  if (given || family) return { first: given, last: family };
  const whole = clean(claims.name);
  const words = whole?.split(/\s+/) ?? [];
  if (words.length === 2) return { first: words[0]!, last: words[1]! };
  if (words.length === 1) return { first: words[0]!, last: null };
  return { first: null, last: null };
}

function clean(value: unknown): string | null {
  if (typeof value !== "string") return null;
  const name = value.trim();
  if (name === "" || name.length > NAME_MAX_LENGTH || textProblem(name)) return null;
  return name;
}
