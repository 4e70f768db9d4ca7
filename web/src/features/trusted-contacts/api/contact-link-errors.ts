import { isApiError } from "@/lib/api-client";
import { toastError } from "@/lib/error-toast";

/**
 * The server's answer to a link it does not know (mistyped, forged, cut short): a 404, or a 400 for
 * a token its schema refuses. Either way the page says the link cannot be used, and nothing else.
 */
export function isUnknownLink(error: unknown): boolean {
  return isApiError(error) && (error.status === 404 || error.status === 400);
}

/**
 * An answer that failed: an unknown link is shown as the page's own state, anything else (no
 * connection, too many requests) as the app's usual error toast, with the buttons kept to try again.
 */
export function toastUnlessUnknownLink(error: unknown): void {
  if (!isUnknownLink(error)) toastError(error);
}
