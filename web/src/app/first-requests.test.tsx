import { screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { routePatterns } from "@/prerender/prerender-pages";
import { createFakeWorkspace } from "@/testing/fake-workspace";
import { makeProfile } from "@/testing/fakes";
import { renderApp } from "@/testing/render-app";
import { ownerTimeZone, rememberedTimeZone, REMEMBERED_TIME_ZONE_KEY, withTimeZone } from "@/lib/time-zone";
import { sessionStorageKey } from "@/lib/auth/auth-client";
import { firstAnswers } from "@/lib/prefetched-answers";
import { askFirstRequests, firstRequests } from "./first-requests";
import { routeModules } from "./routes";

/** Every GET the fake server was asked, path and query. */
function getsOf(server: ReturnType<typeof renderApp>["server"]): string[] {
  return server.fetch.mock.calls
    .filter(([, init]) => (init?.method ?? "GET") === "GET")
    .map(([url]) => {
      const { pathname, search } = new URL(url, "http://localhost");
      return pathname + search;
    });
}

describe("the first requests the entry sends (first-requests.ts)", () => {
  it("are what the dashboard asks for as it first renders, guard and header included", async () => {
    const workspace = createFakeWorkspace();
    workspace.addRecipient({ name: "Grace Hopper", email: "grace@example.com" });
    const { server } = renderApp({ signedIn: true, profile: makeProfile(), path: "/dashboard", workspace });
    await screen.findByRole("heading", { name: /^Welcome/ }, { timeout: 5000 });
    const expected = firstRequests({ pathname: "/dashboard", search: "" }, true, makeProfile().time_zone);
    await vi.waitFor(() => expect(new Set(getsOf(server))).toEqual(new Set(expected)));
  });

  it("word the messages in the owner's zone of the last visit, and leave them to the page when none is known", () => {
    localStorage.removeItem(REMEMBERED_TIME_ZONE_KEY);
    const dashboard = { pathname: "/dashboard", search: "" };
    expect(firstRequests(dashboard, true).some((path) => path.startsWith("/api/messages"))).toBe(false);
    expect(ownerTimeZone("Europe/Berlin")).toBe(rememberedTimeZone());
    expect(firstRequests(dashboard, true)).toContain(withTimeZone("/api/messages", "Europe/Berlin"));
  });

  it("are what another signed-in page asks for before its own data: the guard's and the header's", async () => {
    const { server } = renderApp({ signedIn: true, profile: makeProfile(), path: "/recipients" });
    await screen.findByRole("heading", { name: "Recipients", level: 1 }, { timeout: 5000 });
    const expected = firstRequests({ pathname: "/recipients", search: "" }, true);
    await vi.waitFor(() => expect(getsOf(server)).toEqual(expect.arrayContaining(expected)));
  });

  it("are the recipient's message on an access link, and nothing without its token", async () => {
    const id = "6f1c8a52-0000-4000-8000-000000000042";
    const location = { pathname: `/access/message/${id}`, search: "?t=tok%2Ben" };
    const { server } = renderApp({ path: location.pathname + location.search });
    await vi.waitFor(() => expect(getsOf(server)).toEqual(firstRequests(location, false)));
    expect(firstRequests(location, false)).toEqual([`/api/access/${id}?t=tok%2Ben`]);
    expect(firstRequests({ pathname: location.pathname, search: "" }, false)).toEqual([]);
  });

  it("are asked for every page behind the sign-in guard, and only with a session", () => {
    for (const pattern of routePatterns()) {
      const pathname = pattern.replace(/:\w+/g, "x");
      const guarded = routeModules(pathname).includes("layouts/authenticated-layout");
      const asked = firstRequests({ pathname, search: "" }, true);
      if (pathname.startsWith("/access/")) continue;
      expect(asked.length > 0, pattern).toBe(guarded);
      expect(firstRequests({ pathname, search: "" }, false), pattern).toEqual([]);
    }
  });

  it("leave at once, each with the stored session", () => {
    const expiresAt = Math.floor(Date.now() / 1000) + 3600;
    const session = { access_token: "a.b.c", refresh_token: "r1", expires_at: expiresAt, user: { id: "u1" } };
    localStorage.setItem(sessionStorageKey(window.location.hostname), JSON.stringify(session));
    const sent = vi.spyOn(globalThis, "fetch").mockImplementation(() => Promise.resolve(new Response("{}")));
    try {
      const dashboard = { pathname: "/dashboard", search: "" };
      askFirstRequests(dashboard);
      expect(sent.mock.calls.map(([url]) => url)).toEqual(firstRequests(dashboard, true));
      expect(new Headers(sent.mock.calls[0]![1]?.headers).get("Authorization")).toBe("Bearer a.b.c");
    } finally {
      sent.mockRestore();
      firstAnswers.clear();
      localStorage.removeItem(sessionStorageKey(window.location.hostname));
    }
  });
});
