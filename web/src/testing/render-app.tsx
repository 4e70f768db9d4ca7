import type { Session } from "@supabase/auth-js";
import type { Profile } from "@trigger-switch/contracts";
import { render } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useLayoutEffect, type ReactElement } from "react";
import {
  MemoryRouter,
  useLocation,
  useNavigate,
  type Location,
  type NavigateFunction,
  type RouteObject,
} from "react-router";
// The signed-in layout (guard, header, their features), live updates and the profile's schema are
// loaded on demand in the app; loading them here, up front, keeps the tests' waits about behaviour
// rather than about transforming modules on first use.
import "@/app/layouts/authenticated-layout";
import "@/app/layouts/header/desktop-user-menu";
import "@/features/emergency/components/emergency-selector-dialog";
import "@/lib/auth/profile-schema";
import "@/lib/realtime/realtime-connection";
import { AppRoutes } from "@/app/app-routes";
import { AppProvider } from "@/app/provider";
import { routes as appRoutes } from "@/app/routes";
import type { LinkHint } from "@/lib/auth/auth-client";
import type { OAuthSignIn } from "@/lib/auth/oauth-sign-in";
import { createQueryClient } from "@/lib/query-client";
import type { OpenSocket } from "@/lib/realtime/realtime-client";
import { checkedRoutes, sessionContract } from "./api-contract";
import { createFakeOwnerContacts } from "./fake-owner-contacts";
import { createFakeWorkspace } from "./fake-workspace";
import { createFakeApi, createFakeAuth, makeSession, type FakeAuthOptions, type Handler } from "./fakes";
import { createFakePush } from "./fake-push";
import { setViewportWidth } from "./viewport";

export interface RenderAppOptions extends Omit<FakeAuthOptions, "session"> {
  path?: string;
  /** The stored session (overrides `signedIn`), e.g. makeMfaSession("aal1"). */
  session?: Session;
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
  /** Provider sign-in (PKCE). Default: none. */
  oauth?: OAuthSignIn;
  /** The in-memory messages/recipients API. Default: an empty one. */
  workspace?: ReturnType<typeof createFakeWorkspace>;
  /** The owner's push devices. Default: push off on this server, no device. */
  push?: ReturnType<typeof createFakePush>;
  /** The owner's trusted contacts and their conditions' confirmation. Default: none, over `workspace`. */
  contacts?: ReturnType<typeof createFakeOwnerContacts>;
}

export { channelsOff } from "./channels-off";

/** What a test reads of the router and does with it: where the app is, and going elsewhere. */
class TestRouter {
  state: { location: Location } = { location: { pathname: "/", search: "", hash: "", state: null, key: "" } };
  navigate: NavigateFunction = () => {
    throw new Error("the app has not rendered yet");
  };
}

/** Tells the test's router, after each render, where the app is and how it navigates. */
export function RouterProbe({ report }: { report: (location: Location, navigate: NavigateFunction) => void }) {
  const location = useLocation();
  const navigate = useNavigate();
  useLayoutEffect(() => {
    report(location, navigate);
  });
  return null;
}

/** The whole app (or given routes) on fake auth and a fake server, at `path`. */
export function renderApp(options: RenderAppOptions = {}) {
  const { path = "/", signedIn = false, profile = null, isAdmin = false, mailbox = false, width = 1024 } = options;
  setViewportWidth(width);
  const auth = createFakeAuth({ ...options, session: options.session ?? (signedIn ? makeSession() : null) });
  const workspace = options.workspace ?? createFakeWorkspace();
  const push = options.push ?? createFakePush();
  const contacts =
    options.contacts ??
    createFakeOwnerContacts({
      workspace,
      owner: { email: profile?.email ?? "ada@example.com", first_name: profile?.first_name ?? null },
    });
  const server = createFakeApi(
    {
      ...workspace.routes,
      ...push.routes,
      ...contacts.routes,
      ...checkedRoutes(sessionContract, {
        "GET /api/profile": () =>
          profile ? { body: profile } : { status: 404, body: { error: { code: "not_found", message: "No profile" } } },
        "GET /api/channels": () => ({ body: workspace.channels }),
        "GET /api/profile/channels": () => ({
          body: {
            number: profile?.whatsapp_number ?? null,
            verified: null,
            pending: null,
            resend_at: null,
            reminder_channels: ["email" as const],
          },
        }),
      }),
      // Their schemas live in the server's src/api-routes.ts, not in contracts.
      "GET /api/me": () => ({ body: { id: profile?.id ?? "u", email: profile?.email ?? "e", is_admin: isAdmin } }),
      "GET /api/meta": () => ({
        body: { mailbox, mail: mailbox ? "outbox" : "smtp", autoconfirm: false, version: "test" },
      }),
      // A test's own answers: written for one case, and not held to the contract (yet).
      ...options.api,
    },
    {
      // As the app's: the session's access token, and auth's refreshSession for a new one.
      getAccessToken: async () => (await auth.client.getSession()).data.session?.access_token ?? null,
      refreshAccessToken: async () => {
        const { data, error } = await auth.client.refreshSession();
        return error ? null : (data.session?.access_token ?? null);
      },
    },
  );
  const queryClient = createQueryClient();
  // No retry delays in tests; the retry rule itself is the query client's business.
  queryClient.setDefaultOptions({ queries: { ...queryClient.getDefaultOptions().queries, retry: false } });
  const router = new TestRouter();
  const services = {
    auth: auth.client,
    api: server.api,
    linkHint: options.linkHint ?? { type: null, errorDescription: null, errorCode: null },
    openSocket: options.openSocket,
    oauth: options.oauth,
  };
  const ui: ReactElement = (
    <AppProvider services={services} queryClient={queryClient}>
      <MemoryRouter initialEntries={[path]}>
        <AppRoutes routes={options.routes ?? appRoutes} />
        <RouterProbe
          report={(location, navigate) => {
            router.state = { location };
            router.navigate = navigate;
          }}
        />
      </MemoryRouter>
    </AppProvider>
  );
  const user = userEvent.setup();
  return { ...render(ui), router, auth, server, user, workspace, push, contacts };
}
