import { screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { makeProfile, type Handler } from "@/testing/fakes";
import { renderApp } from "@/testing/render-app";
import { SESSION_ENDED_TOAST } from "./auth-provider";

const AFTER_GUARD = { timeout: 5000 };
const sessionGone: Handler = () => ({
  status: 401,
  body: { error: { code: "unauthorized", message: "Session not found" } },
});

describe("an access token the server counts as expired before the browser does", () => {
  it("is refreshed once and the request asked again, and the owner stays signed in", async () => {
    // The server's clock runs ahead: it refuses the token the browser still thinks valid.
    const expiredByServerClock: Handler = ({ token }) =>
      token === "access-token"
        ? { status: 401, body: { error: { code: "unauthorized", message: "Token expired" } } }
        : { body: makeProfile() };
    const { router, auth, server } = renderApp({
      path: "/dashboard",
      signedIn: true,
      api: { "GET /api/profile": expiredByServerClock },
    });
    expect(await screen.findByRole("heading", { name: "Welcome, Ada" }, AFTER_GUARD)).toBeInTheDocument();
    expect(auth.mocks.refreshSession).toHaveBeenCalledTimes(1);
    const profileCalls = server.fetch.mock.calls.filter(([url]) => String(url).endsWith("/api/profile"));
    // The refused request, then the same one again with the new token (and, once the refresh is
    // announced, the profile read afresh with it).
    const sentWith = profileCalls.map(([, init]) => new Headers(init?.headers).get("Authorization"));
    expect(sentWith.slice(0, 2)).toEqual(["Bearer access-token", "Bearer refreshed-access-token-1"]);
    expect(new Set(sentWith.slice(1))).toEqual(new Set(["Bearer refreshed-access-token-1"]));
    expect(auth.mocks.signOut).not.toHaveBeenCalled();
    expect(screen.queryByText(SESSION_ENDED_TOAST.title)).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/dashboard");
  });
});

describe("a session ended elsewhere", () => {
  it("ends the local session, goes to /login and says so when the profile answers 401", async () => {
    const { router, auth } = renderApp({
      path: "/dashboard",
      signedIn: true,
      refresh: "fails",
      profile: makeProfile(),
      api: { "GET /api/profile": sessionGone },
    });
    expect(await screen.findByText(SESSION_ENDED_TOAST.title, {}, AFTER_GUARD)).toBeInTheDocument();
    expect(screen.getByText(SESSION_ENDED_TOAST.description)).toBeInTheDocument();
    expect(auth.mocks.refreshSession).toHaveBeenCalled();
    expect(auth.mocks.signOut).toHaveBeenCalledWith({ scope: "local" });
    await waitFor(() => expect(router.state.location.pathname).toBe("/login"), AFTER_GUARD);
    // Never the incomplete-profile page of the issue, and nothing from the old session's cache.
    expect(screen.queryByText("Complete profile setup required")).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /Check In/ })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /Emergency/ })).not.toBeInTheDocument();
  });

  it("does the same when any other /api call answers 401, once for many", async () => {
    const { router, auth } = renderApp({
      path: "/messages",
      signedIn: true,
      refresh: "fails",
      profile: makeProfile(),
      api: { "GET /api/messages": sessionGone, "GET /api/recipients": sessionGone },
    });
    expect(await screen.findByText(SESSION_ENDED_TOAST.title, {}, AFTER_GUARD)).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe("/login"), AFTER_GUARD);
    expect(auth.mocks.signOut).toHaveBeenCalledTimes(1);
    expect(auth.mocks.refreshSession).toHaveBeenCalledTimes(1);
    expect(await screen.findByRole("heading", { level: 1 })).toBeInTheDocument();
  });
});

describe("a session whose refresh token still works but whose every answer is 401", () => {
  it("is refreshed once, asked again, and then ended here", async () => {
    const { router, auth } = renderApp({
      path: "/dashboard",
      signedIn: true,
      profile: makeProfile(),
      api: { "GET /api/profile": sessionGone },
    });
    expect(await screen.findByText(SESSION_ENDED_TOAST.title, {}, AFTER_GUARD)).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe("/login"), AFTER_GUARD);
    expect(auth.mocks.signOut).toHaveBeenCalledWith({ scope: "local" });
  });
});
