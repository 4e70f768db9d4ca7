import { useEffect } from "react";
import { whenIdle } from "../when-idle";
import type { AuthClientLike } from "./auth-client";

/** How often an open, visible tab asks whether its session still exists (ms). */
export const SESSION_CHECK_INTERVAL_MS = 30_000;

/**
 * A session can end elsewhere: "End session" on another device, a password change, account
 * deletion. Its access token would go on looking valid until it expires, so while the tab is
 * visible (and whenever it comes back into view) we ask the server; auth-js treats its
 * `session_not_found` answer as a sign-out and announces SIGNED_OUT. The first check waits until the
 * page is idle: the page's own first requests carry the token, and a 401 ends the session at once
 * (api-client.ts), so asking at the same moment would only hold auth-js's download ahead of them.
 */
export function useSessionWatch(auth: AuthClientLike, signedIn: boolean): void {
  useEffect(() => {
    if (!signedIn) return;
    const check = () => {
      if (document.visibilityState === "visible") void auth.getUser().catch(() => {});
    };
    const cancelFirstCheck = whenIdle(check);
    const timer = window.setInterval(check, SESSION_CHECK_INTERVAL_MS);
    window.addEventListener("focus", check);
    document.addEventListener("visibilitychange", check);
    return () => {
      cancelFirstCheck();
      window.clearInterval(timer);
      window.removeEventListener("focus", check);
      document.removeEventListener("visibilitychange", check);
    };
  }, [auth, signedIn]);
}
