import { StrictMode } from "react";
import { prerender } from "react-dom/static";
import { matchRoutes, MemoryRouter, type RouteObject } from "react-router";
import { AppRoutes } from "@/app/app-routes";
import { AppProvider } from "@/app/provider";
import { documentTitle, fallbackHead, robotsContent, routeHead } from "@/app/route-head";
import { routes } from "@/app/routes";

import type { AuthClientLike } from "@/lib/auth/auth-client";
import type { ApiClient } from "@/lib/api-client";
import { createQueryClient } from "@/lib/query-client";
import type { Services } from "@/lib/services";

// Which code each page needs, for the build to preload it in the page's HTML.
export { routeModules } from "@/app/routes";

// The build (web/build/prerender-pages.ts) renders these pages into HTML files, so they paint before the
// app's JavaScript runs, and writes a manifest telling the server which file answers which address
// (server/src/http/static-web.ts). docs/decisions/021.

export interface PageToPrerender {
  /** The address rendered. */
  url: string;
  /** The route pattern the file answers for. */
  pattern: string;
  /** The file answers only when the address has this query parameter. */
  whenQuery: string | null;
  /** File name under pages/, without .html. */
  name: string;
}

const page = (
  url: string,
  name: string,
  { pattern = url, whenQuery = null }: Partial<PageToPrerender> = {},
): PageToPrerender => ({ url, pattern, whenQuery, name });

export interface RenderedPage {
  html: string;
  /** Search engines may index it: the route says so and it is not a personal link (a token in the query). */
  index: boolean;
}

export const pagesToPrerender: PageToPrerender[] = [
  page("/", "home"),
  page("/login", "login"),
  page("/register", "register"),
  page("/forgot-password", "forgot-password"),
  page("/terms", "terms"),
  page("/privacy", "privacy"),
  page("/check-in", "check-in"),
  // A reminder's check-in link and a recipient's access link paint their frame and loading state;
  // what they show next depends on the token, which only the browser sends to the API.
  page("/check-in?token=_", "check-in-link", { pattern: "/check-in", whenQuery: "token" }),
  page("/access/message/_?t=_", "access-message", { pattern: "/access/message/:id" }),
  // A trusted contact's links (docs/decisions/041) likewise; without a token, each says the link is incomplete.
  page("/contact/invitation", "contact-invitation"),
  page("/contact/invitation?token=_", "contact-invitation-link", {
    pattern: "/contact/invitation",
    whenQuery: "token",
  }),
  page("/contact/question", "contact-question"),
  page("/contact/question?token=_", "contact-question-link", { pattern: "/contact/question", whenQuery: "token" }),
  page("/contact", "contact"),
  page("/contact?token=_", "contact-link", { pattern: "/contact", whenQuery: "token" }),
  // The owner's Deny link of a contact's request for access, likewise.
  page("/access-request/deny", "access-request-deny"),
  page("/access-request/deny?token=_", "access-request-deny-link", {
    pattern: "/access-request/deny",
    whenQuery: "token",
  }),
];

/** Any address no route matches: served with status 404. */
export const notFoundPage = page("/_not-found", "not-found");

/** A page as a full HTML document: the built index.html with this route's head and markup, for the app to hydrate. */
export async function renderPage(template: string, { url, whenQuery }: PageToPrerender): Promise<RenderedPage> {
  const route = routeHead(matchRoutes(routes, new URL(url, "http://localhost").pathname)?.map((m) => m.route) ?? []);
  const head = { ...route, index: route.index === true && whenQuery === null };
  const html = fillTemplate(template, {
    title: documentTitle(head),
    description: head.description,
    robots: robotsContent(head),
    root: `<div id="root" data-prerendered>${postOnly(await renderMarkup(url))}</div>`,
  });
  return { html, index: head.index };
}

/**
 * The app shell for every page that is not prerendered (signed-in pages, diagnostics): the loading
 * screen the signed-in layout starts with, so something paints at once; the app draws it again.
 */
export async function renderShell(template: string): Promise<string> {
  return fillTemplate(template, {
    title: documentTitle(fallbackHead),
    description: fallbackHead.description,
    robots: robotsContent(fallbackHead),
    root: `<div id="root">${await renderMarkup("/dashboard")}</div>`,
  });
}

/** Every route pattern of the app (not the catch-all), for the server to tell a page from a 404. */
export function routePatterns(routeList: RouteObject[] = routes, parent = "/"): string[] {
  return routeList.flatMap((route) => {
    const path =
      route.path === undefined
        ? parent
        : route.path.startsWith("/")
          ? route.path
          : `${parent.replace(/\/$/, "")}/${route.path}`;
    if (route.path === "*") return [];
    const own = route.index || (route.path !== undefined && !route.children) ? [path] : [];
    return [...own, ...routePatterns(route.children ?? [], path)];
  });
}

/**
 * Each render loads the lazy modules it meets; one still loading would be streamed as a hidden block
 * revealed by an inline script, which needs JavaScript and which the server's Content-Security-Policy
 * blocks. So render again until every boundary is inline.
 */
async function renderMarkup(url: string): Promise<string> {
  for (let pass = 1; pass <= 5; pass++) {
    const markup = await renderOnce(url);
    if (!markup.includes("<!--$?-->") && !markup.includes("<script")) return markup;
  }
  throw new Error(`${url}: the prerendered page still needs a script after 5 renders`);
}

async function renderOnce(url: string): Promise<string> {
  // Nothing reaches the outside while prerendering: effects do not run, queries do not fetch, and
  // auth is "not loaded yet", exactly as in the browser's first render that hydrates this markup.
  const unavailable = () => {
    throw new Error("no calls while prerendering");
  };
  const inert = new Proxy({}, { get: () => unavailable });
  const services: Services = {
    auth: inert as AuthClientLike,
    api: inert as ApiClient,
    linkHint: { type: null, errorDescription: null, errorCode: null },
  };
  const { prelude } = await prerender(
    <StrictMode>
      <AppProvider services={services} queryClient={createQueryClient()}>
        <MemoryRouter initialEntries={[url]}>
          <AppRoutes routes={routes} />
        </MemoryRouter>
      </AppProvider>
    </StrictMode>,
    // A page is small: never split a boundary out to be revealed by a script (React's default is 12.8 kB).
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  return new Response(prelude).text();
}

/**
 * A form submitted before the app takes over would otherwise be sent with GET, putting what was
 * typed (a password) into the address, browser history and logs. POST keeps it in the body, and the
 * server answers such a POST by showing the page again (static-web.ts).
 */
function postOnly(markup: string): string {
  return markup.replace(/<form(?![^>]*\smethod=)/g, '<form method="post"');
}

interface Head {
  title: string;
  description: string;
  robots: string;
  root: string;
}

/** index.html with the page's head where it says `<!--app-head-->` and its markup as `#root`. */
export function fillTemplate(template: string, { title, description, robots, root }: Head): string {
  for (const placeholder of ["<!--app-head-->", '<div id="root"></div>'])
    if (!template.includes(placeholder)) throw new Error(`index.html has no ${placeholder}`);
  const head = [
    `<title>${escapeHtml(title)}</title>`,
    `<meta name="description" content="${escapeHtml(description)}" />`,
    `<meta name="robots" content="${robots}" />`,
  ].join("\n    ");
  return template.replace("<!--app-head-->", () => head).replace('<div id="root"></div>', () => root);
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}
