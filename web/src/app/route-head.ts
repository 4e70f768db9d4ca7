/** What a route puts in the document's head: its own title and description, and whether search engines may index it. */
export interface RouteHead {
  /** The page's name; the document title is "<title> · Trigger Switch" (the home page's is used whole). */
  title: string;
  description: string;
  /** Public pages a search engine may index (and the sitemap lists). Default: false (noindex). */
  index?: boolean;
}

export interface RouteHandle {
  head?: RouteHead;
}

const SITE = "Trigger Switch";

export const fallbackHead: RouteHead = {
  title: SITE,
  description:
    "Trigger Switch keeps your messages safe and delivers them to the people you choose if you stop checking in.",
};

/** The head of the deepest matched route that has one (child routes refine their layout's). */
export function routeHead(matches: readonly { handle?: unknown }[]): RouteHead {
  for (let i = matches.length - 1; i >= 0; i--) {
    const head = (matches[i]!.handle as RouteHandle | undefined)?.head;
    if (head) return head;
  }
  return fallbackHead;
}

export function documentTitle(head: RouteHead): string {
  return head.title === SITE || head.title.startsWith(`${SITE} `) ? head.title : `${head.title} · ${SITE}`;
}

export function robotsContent(head: RouteHead): string {
  return head.index ? "index, follow" : "noindex";
}
