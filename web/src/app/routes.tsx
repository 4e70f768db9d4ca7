import { FileLock2, ShieldAlert, Stethoscope, UserCheck } from "lucide-react";
import { lazy, type ComponentType, type ReactElement } from "react";
import { matchRoutes, type RouteObject } from "react-router";
import { MinimalLayout } from "./layouts/minimal-layout";
import { PublicLayout } from "./layouts/public-layout";
import { RootLayout } from "./layouts/root-layout";
import type { RouteHandle, RouteHead } from "./route-head";

// Only the public layouts are in the first download; every page, and the signed-in layout with
// its guard, is its own chunk. Once a page's code is loaded it renders at once, without suspending
// (React.lazy suspends on every first render, even for code that is already there).
// The modules are named (their path under src/app), so the build can find each page's chunk and
// preload it in that page's HTML (web/build/prerender-pages.ts).
interface PageModule {
  default: ComponentType;
}
const pageModules = import.meta.glob<PageModule>([
  "./routes/*/*.tsx",
  "./layouts/authenticated-layout.tsx",
  "!./**/*.test.tsx",
]);
const modules = new WeakMap<ReactElement, { module: string; load: () => Promise<PageModule> }>();
function page(module: string) {
  const load = pageModules[`./${module}.tsx`];
  if (!load) throw new Error(`no page module src/app/${module}.tsx`);
  let Loaded: ComponentType | null = null;
  const loadAndKeep = () => load().then((loaded) => ((Loaded = loaded.default), loaded));
  const Lazy = lazy(loadAndKeep);
  function Page() {
    return Loaded ? <Loaded /> : <Lazy />;
  }
  const element = <Page />;
  modules.set(element, { module, load: loadAndKeep });
  return element;
}

const pageModulesAt = (pathname: string) =>
  (matchRoutes(routes, pathname) ?? []).flatMap((m) => {
    const page = m.route.element ? modules.get(m.route.element as ReactElement) : undefined;
    return page ? [page] : [];
  });

/**
 * Loads the code of the pages at this address. A prerendered page is hydrated only once its code is
 * there: an update (auth restoring the session) reaching a page still waiting for its code would make
 * React throw the prerendered markup away and show the loading skeleton instead (a flash and a
 * layout shift).
 */
export async function loadRoute(pathname: string): Promise<void> {
  await Promise.all(pageModulesAt(pathname).map((page) => page.load()));
}

/** The modules (paths under src/app, without extension) of the pages at this address, outermost first. */
export function routeModules(pathname: string): string[] {
  return pageModulesAt(pathname).map((page) => page.module);
}

const head = (title: string, description: string, index = false): RouteHandle => ({
  head: { title, description, index } satisfies RouteHead,
});

/** Spec §2, route for route. Each route names its own title and description (docs/decisions/021). */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      {
        path: "/",
        element: <PublicLayout />,
        children: [
          {
            index: true,
            element: page("routes/public/home"),
            handle: head(
              "Trigger Switch — your words, delivered when it matters",
              "Write messages for the people you love. If you stop checking in, or press the emergency button, Trigger Switch delivers them. Until then, nobody sees them.",
              true,
            ),
          },
          {
            path: "login",
            element: page("routes/public/login"),
            handle: head(
              "Sign in",
              "Sign in to Trigger Switch to check in and manage your messages and recipients.",
              true,
            ),
          },
          {
            path: "register",
            element: page("routes/public/register"),
            handle: head(
              "Create your account",
              "Create a Trigger Switch account: write the words that matter and choose when they are delivered.",
              true,
            ),
          },
          {
            path: "forgot-password",
            element: page("routes/public/forgot-password"),
            handle: head(
              "Reset your password",
              "Forgot your Trigger Switch password? Get a link to set a new one.",
              true,
            ),
          },
          {
            path: "reset-password",
            element: page("routes/public/reset-password"),
            handle: head("Set a new password", "Choose a new password for your Trigger Switch account."),
          },
          {
            path: "report-sign-in",
            element: page("routes/public/report-sign-in"),
            handle: head("Was this you?", "Sign out a device you do not recognise and block your password."),
          },
          {
            path: "terms",
            element: page("routes/public/terms"),
            handle: head(
              "Terms of use",
              "What Trigger Switch does for you, what it cannot promise, and what we ask of you in return.",
              true,
            ),
          },
          {
            path: "privacy",
            element: page("routes/public/privacy"),
            handle: head(
              "Privacy notice",
              "What Trigger Switch stores, how it is protected, and when anyone else gets to see it.",
              true,
            ),
          },
          {
            path: "check-in",
            element: page("routes/public/check-in"),
            handle: head(
              "Check in",
              "Tell Trigger Switch you are fine and restart your timers, so your messages stay unsent.",
              true,
            ),
          },
          {
            path: "*",
            element: page("routes/public/not-found"),
            handle: head("Page not found", "There is no page at this address."),
          },
        ],
      },
      // A trusted contact's pages (docs/decisions/041): personal links, never indexed, and no sign-in
      // in the header, since a contact has no account.
      {
        path: "/contact",
        element: <MinimalLayout label="Trusted contact" icon={UserCheck} />,
        children: [
          {
            index: true,
            element: page("routes/public/contact"),
            handle: head(
              "Your trusted contact page",
              "Whose trusted contact you are on Trigger Switch, and a way to step down.",
            ),
          },
          {
            path: "invitation",
            element: page("routes/public/contact-invitation"),
            handle: head(
              "Trusted contact invitation",
              "Someone asked you to be their trusted contact on Trigger Switch: what it means, and your answer.",
            ),
          },
          {
            path: "question",
            element: page("routes/public/contact-question"),
            handle: head(
              "Have you been in touch?",
              "A question for a trusted contact on Trigger Switch: is the person who named you all right?",
            ),
          },
        ],
      },
      // The owner's one-tap Deny link from a contact's request for access (docs/decisions/041): it
      // works without signing in, so it has no header of the signed-in app.
      {
        path: "/access-request",
        element: <MinimalLayout label="Request for access" icon={ShieldAlert} />,
        children: [
          {
            path: "deny",
            element: page("routes/public/access-request-deny"),
            handle: head(
              "Deny a request for access",
              "One of your trusted contacts asked for access to a message: deny it here before it is sent.",
            ),
          },
        ],
      },
      {
        path: "/access",
        element: <MinimalLayout label="Secure Message Access" icon={FileLock2} />,
        children: [
          {
            path: "message/:id",
            element: page("routes/other/access-message"),
            handle: head("Secure message", "A message someone chose to send you through Trigger Switch."),
          },
        ],
      },
      {
        path: "/diagnostic",
        element: <MinimalLayout label="Diagnostics" icon={Stethoscope} />,
        handle: head("Diagnostics", "Whether this Trigger Switch service can deliver messages right now."),
        children: [
          { index: true, element: page("routes/other/diagnostic") },
          {
            path: "message/:id",
            element: page("routes/other/diagnostic-message"),
            handle: head("Message diagnostics", "How the delivery of one message went."),
          },
        ],
      },
      {
        element: page("layouts/authenticated-layout"),
        children: [
          {
            path: "messages",
            element: page("routes/app/messages"),
            handle: head("Messages", "Your messages and when each goes out."),
          },
          {
            path: "dashboard",
            element: page("routes/app/dashboard"),
            handle: head("Dashboard", "Your next deadline, your check-ins and what happened recently."),
          },
          {
            path: "create-message",
            element: page("routes/app/create-message"),
            handle: head("New message", "Write a message and choose who receives it and when."),
          },
          {
            path: "message/:id",
            element: page("routes/app/message"),
            handle: head("Message", "One of your messages, its recipients and its conditions."),
          },
          {
            path: "message/:id/edit",
            element: page("routes/app/edit-message"),
            handle: head("Edit message", "Change a message, its recipients and its conditions."),
          },
          {
            path: "profile",
            element: page("routes/app/profile"),
            handle: head("Profile", "Your name, WhatsApp number, time zone and photo."),
          },
          {
            path: "subscription",
            element: page("routes/app/subscription"),
            handle: head("Subscription", "Your plan and its limits."),
          },
          {
            path: "recipients",
            element: page("routes/app/recipients"),
            handle: head("Recipients", "The people your messages can be delivered to."),
          },
          {
            path: "trusted-contacts",
            element: page("routes/app/trusted-contacts"),
            handle: head(
              "Trusted contacts",
              "The people asked whether you are all right before a message goes out because you stopped checking in.",
            ),
          },
          {
            path: "admin",
            element: page("routes/app/admin"),
            handle: head("Admin dashboard", "Run this Trigger Switch service."),
          },
        ],
      },
    ],
  },
];
