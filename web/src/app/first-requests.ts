import { paths } from "@/config/paths";
import { browserStoredSession } from "@/lib/auth/stored-session";
import { firstAnswers } from "@/lib/prefetched-answers";
import { rememberedTimeZone, withTimeZone } from "@/lib/time-zone";

// The entry asks for a page's data before React renders anything, so the data is on its way
// while the page's own code downloads (docs/decisions/020).

/** The pages behind the sign-in guard (routes.tsx); first-requests.test.ts holds the two together. */
const signedInPage =
  /^\/(dashboard|messages|create-message|message\/[^/]+(\/edit)?|profile|subscription|recipients|admin)\/?$/;
const accessPage = /^\/access\/message\/([^/]+)\/?$/;

/**
 * The GETs the page at this address makes as it first renders (first-requests.test.ts checks them
 * against the pages' own requests): for a recipient's link, their message; for a signed-in page,
 * what the guard and the header ask for, and the dashboard's own data.
 */
export function firstRequests(
  { pathname, search }: { pathname: string; search: string },
  signedIn: boolean,
  timeZone: string | null = rememberedTimeZone(),
): string[] {
  const access = accessPage.exec(pathname);
  if (access) {
    const token = new URLSearchParams(search).get("t");
    const id = decodedOrNull(access[1]!);
    return token && id !== null ? [`/api/access/${encodeURIComponent(id)}?t=${encodeURIComponent(token)}`] : [];
  }
  if (!signedIn || !signedInPage.test(pathname)) return [];
  const dashboard = pathname.replace(/\/+$/, "") === paths.dashboard;
  // The messages are worded in the owner's zone: asked ahead only when it is known without Intl.
  const messages = timeZone ? [withTimeZone("/api/messages", timeZone)] : [];
  const page = dashboard ? [...messages, "/api/recipients", "/api/releases"] : [];
  return ["/api/profile", "/api/me", "/api/conditions?active=true", ...page];
}

/**
 * Sends the first requests of the page this visit starts on, with the session the app will use
 * (a stored one far from expiry); the app's api client takes their answers. Where only auth-js can
 * tell the session (one about to expire, a link's tokens), nothing is asked: the page asks itself.
 */
export function askFirstRequests(location: { pathname: string; search: string }): void {
  const session = browserStoredSession();
  if (session === undefined) return;
  const token = session?.access_token ?? null;
  for (const path of firstRequests(location, session !== null))
    firstAnswers.ask(path, token, (url, init) => fetch(url, init));
}

function decodedOrNull(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}
