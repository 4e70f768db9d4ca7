import { AppError } from "../errors.ts";

/**
 * A small fixed-window counter per access token, in this process's memory (like the per-IP
 * limits). Tokens are 256-bit, so this is not about guessing: it stops one leaked link from
 * being scraped from many addresses. Counts are kept under a prefix of the token only.
 */
export function tokenRateLimit({
  max,
  windowMs,
}: {
  max: number;
  windowMs: number;
}): (token: string | undefined) => void {
  const counts = new Map<string, { start: number; n: number }>();
  return (token) => {
    if (!token) return;
    const now = Date.now();
    if (counts.size > 10_000) for (const [k, v] of counts) if (now - v.start > windowMs) counts.delete(k);
    const key = token.slice(0, 24);
    const entry = counts.get(key);
    if (!entry || now - entry.start > windowMs) {
      counts.set(key, { start: now, n: 1 });
      return;
    }
    if (++entry.n > max) throw new AppError("rate_limited", "Too many requests. Please wait a moment and try again.");
  };
}
