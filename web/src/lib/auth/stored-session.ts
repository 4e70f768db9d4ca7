import type { Session } from "@supabase/auth-js";
import { sessionStorageKey } from "./auth-client";

/**
 * A stored session is used as it is only while it has this long left; closer to its expiry auth-js
 * is asked, which refreshes it first (its own margin is shorter).
 */
export const STORED_SESSION_MARGIN_MS = 5 * 60_000;

/**
 * What auth-js would hand out at start, read without auth-js (≈ 20 KiB gzip the first page need not
 * wait for): `null` when no session is stored, the stored session while it is valid for longer than
 * the margin, and `undefined` when only auth-js can tell (a link's tokens in the address, a session
 * about to expire, storage that cannot be read or holds something else).
 */
export function readStoredSession(
  { storage, hostname, hash }: { storage: Pick<Storage, "getItem">; hostname: string; hash: string },
  now = Date.now(),
): Session | null | undefined {
  if (hash.includes("access_token=") || hash.includes("error_description=")) return undefined;
  let raw: string | null;
  try {
    raw = storage.getItem(sessionStorageKey(hostname));
  } catch {
    return undefined;
  }
  if (raw === null) return null;
  try {
    const session = JSON.parse(raw) as Partial<Session> | null;
    const usable =
      typeof session?.access_token === "string" &&
      typeof session.refresh_token === "string" &&
      typeof session.expires_at === "number" &&
      typeof session.user?.id === "string" &&
      session.expires_at * 1000 - now > STORED_SESSION_MARGIN_MS;
    return usable ? (session as Session) : undefined;
  } catch {
    return undefined;
  }
}

/** The browser's stored session, as readStoredSession says (storage may be refused outright). */
export function browserStoredSession(): Session | null | undefined {
  try {
    return readStoredSession({
      storage: window.localStorage,
      hostname: window.location.hostname,
      hash: window.location.hash,
    });
  } catch {
    return undefined;
  }
}
