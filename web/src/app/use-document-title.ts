import { useEffect } from "react";
import { useMatchedRoutes } from "./app-routes";
import { documentTitle, routeHead } from "./route-head";

/**
 * A page state that is a page of its own to the reader (the register page's "Check your e-mail"):
 * while `title` is set the document is named after it, and the route's own title comes back when
 * it is cleared or the page goes. DocumentHead names the document only when the route changes.
 */
export function useDocumentTitle(title: string | null): void {
  const head = routeHead(useMatchedRoutes());
  useEffect(() => {
    if (!title) return;
    document.title = documentTitle({ ...head, title });
    return () => {
      document.title = documentTitle(head);
    };
  }, [title, head]);
}
