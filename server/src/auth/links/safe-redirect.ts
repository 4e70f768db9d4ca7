/**
 * Where a link may send the browser: `requested` only if it is an http(s) URL on the site's own
 * origin, else `${siteUrl}${fallbackPath}`. This is what keeps our links from being open redirects
 * (a confirmation link that forwards tokens to someone else's site). Any fragment is dropped
 * because we append our own.
 */
export function safeRedirect(requested: unknown, siteUrl: string, fallbackPath: string): string {
  const fallback = `${siteUrl}${fallbackPath}`;
  if (typeof requested !== "string" || requested === "") return fallback;
  let url: URL;
  try {
    url = new URL(requested);
  } catch {
    return fallback;
  }
  if ((url.protocol !== "http:" && url.protocol !== "https:") || url.username || url.password) return fallback;
  if (url.origin !== new URL(siteUrl).origin) return fallback;
  url.hash = "";
  return url.toString();
}

export const defaultRedirectPath = { signup: "/login", recovery: "/reset-password", email_change: "/profile" } as const;
