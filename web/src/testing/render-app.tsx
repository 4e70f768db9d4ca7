import type { Profile } from "@trigger-switch/contracts";
import { render } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ReactElement } from "react";
import { createMemoryRouter, RouterProvider, type RouteObject } from "react-router";
// The signed-in layout (guard, header, their features), live updates and the profile's schema are
// loaded on demand in the app; loading them here, up front, keeps the tests' waits about behaviour
// rather than about transforming modules on first use.
import "@/app/layouts/authenticated-layout";
import "@/lib/auth/profile-schema";
import "@/lib/realtime/realtime-connection";
import { AppProvider } from "@/app/provider";
import { routes as appRoutes } from "@/app/routes";
import type { LinkHint } from "@/lib/auth/auth-client";
import { createQueryClient } from "@/lib/query-client";
import type { OpenSocket } from "@/lib/realtime/realtime-client";
import { createFakeWorkspace } from "./fake-workspace";
import { createFakeApi, createFakeAuth, makeSession, type FakeAuthOptions, type Handler } from "./fakes";
import { setViewportWidth } from "./viewport";

export interface RenderAppOptions extends Omit<FakeAuthOptions, "session"> {
  path?: string;
  /** Signed in when true. Default: false. */
  signedIn?: boolean;
  /** The profile GET /api/profile returns; null → 404. Default: null. */
  profile?: Profile | null;
  isAdmin?: boolean;
  mailbox?: boolean;
  /** Extra or overriding API routes. */
  api?: Record<string, Handler>;
  width?: number;
  linkHint?: LinkHint;
  /** Default: the app's own routes. */
  routes?: RouteObject[];
  /** Opens the live-updates socket (a fake). Default: none, so no live updates. */
  openSocket?: OpenSocket;
  /** The in-memory messages/recipients API. Default: an empty one. */
  workspace?: ReturnType<typeof createFakeWorkspace>;
}

/** The whole app (or given routes) on fake auth and a fake server, at `path`. */
export function renderApp(options: RenderAppOptions = {}) {
  const { path = "/", signedIn = false, profile = null, isAdmin = false, mailbox = false, width = 1024 } = options;
  setViewportWidth(width);
  const auth = createFakeAuth({ ...options, session: signedIn ? makeSession() : null });
  const workspace = options.workspace ?? createFakeWorkspace();
  const server = createFakeApi({
    ...workspace.routes,
    "GET /api/profile": () =>
      profile ? { body: profile } : { status: 404, body: { error: { code: "not_found", message: "No profile" } } },
    "GET /api/me": () => ({ body: { id: profile?.id ?? "u", email: profile?.email ?? "e", is_admin: isAdmin } }),
    "GET /api/meta": () => ({ body: { mailbox, autoconfirm: false, version: "test" } }),
    ...options.api,
  });
  const queryClient = createQueryClient();
  // No retry delays in tests; the retry rule itself is the query client's business.
  queryClient.setDefaultOptions({ queries: { ...queryClient.getDefaultOptions().queries, retry: false } });
  const router = createMemoryRouter(options.routes ?? appRoutes, { initialEntries: [path] });
  const services = { auth: auth.client, api: server.api, linkHint: options.linkHint ?? { type: null, errorDescription: null }, openSocket: options.openSocket };
  const ui: ReactElement = (
    <AppProvider services={services} queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProvider>
  );
  const user = userEvent.setup();
  return { ...render(ui), router, auth, server, user, workspace };
}
