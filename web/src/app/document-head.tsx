import { useEffect } from "react";
import { useMatchedRoutes } from "./app-routes";
import { usePageTitleOverride } from "./page-title";
import { documentTitle, robotsContent, routeHead } from "./route-head";

/**
 * Keeps the document's title, description and robots meta in step with the route. The build writes
 * the same into each prerendered page (web/vite.config.ts), so this matters after a navigation.
 */
export function DocumentHead() {
  const head = routeHead(useMatchedRoutes());
  const pageTitle = usePageTitleOverride();
  useEffect(() => {
    document.title = documentTitle(pageTitle ? { ...head, title: pageTitle } : head);
    setMeta("description", head.description);
    setMeta("robots", robotsContent(head));
  }, [head, pageTitle]);
  return null;
}

function setMeta(name: string, content: string) {
  let meta = document.head.querySelector<HTMLMetaElement>(`meta[name="${name}"]`);
  if (!meta) {
    meta = document.createElement("meta");
    meta.name = name;
    document.head.append(meta);
  }
  meta.content = content;
}
