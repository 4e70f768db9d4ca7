import { HEADER_CACHE_MS } from "@trigger-switch/contracts";

/** Spec §7: the header buttons' conditions are kept in localStorage under this key. */
export const HEADER_BUTTONS_KEY = "header-buttons";

interface Entry<T> {
  userId: string;
  savedAt: number;
  data: T;
}

/**
 * The cached value and when it was saved, if it belongs to `userId` and is younger than 5 minutes.
 * The user id is stored with it so a shared browser never shows one person's buttons to another.
 */
export function readHeaderButtons<T>(userId: string, now = Date.now()): { data: T; savedAt: number } | null {
  try {
    const raw = localStorage.getItem(HEADER_BUTTONS_KEY);
    if (!raw) return null;
    const entry = JSON.parse(raw) as Entry<T>;
    if (entry.userId !== userId || typeof entry.savedAt !== "number" || now - entry.savedAt >= HEADER_CACHE_MS)
      return null;
    return { data: entry.data, savedAt: entry.savedAt };
  } catch {
    return null;
  }
}

export function writeHeaderButtons<T>(userId: string, data: T, now = Date.now()): void {
  try {
    localStorage.setItem(HEADER_BUTTONS_KEY, JSON.stringify({ userId, savedAt: now, data } satisfies Entry<T>));
  } catch {
    // Storage full or blocked (private mode): the header simply asks the server each time.
  }
}

export function clearHeaderButtons(): void {
  try {
    localStorage.removeItem(HEADER_BUTTONS_KEY);
  } catch {
    // As above: nothing to clear when storage is unavailable.
  }
}
