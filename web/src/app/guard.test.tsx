import { act, screen } from "@testing-library/react";
import type { RouteObject } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { makeProfile } from "@/testing/fakes";
import { renderApp } from "@/testing/render-app";
import { Guard } from "./guard";

// Plain pages instead of the lazy ones: these tests are about the guard's decisions and timing.
const routes: RouteObject[] = [
  { path: "/login", element: <p>Login page</p> },
  {
    path: "/dashboard",
    element: (
      <Guard>
        <p>Dashboard page</p>
      </Guard>
    ),
  },
  {
    path: "/profile",
    element: (
      <Guard>
        <p>Profile page</p>
      </Guard>
    ),
  },
];

/** Lets promises settle and moves the fake clock on by `ms`. */
async function advance(ms: number) {
  await act(() => vi.advanceTimersByTimeAsync(ms));
}

/** Auth loads and React commits at fake time 0; the guard's 500 ms start from there. */
async function pastMinimumLoading() {
  await advance(0);
  await advance(500);
}

describe("the guard", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("shows Loading... for at least 500 ms after authentication has loaded", async () => {
    renderApp({ routes, path: "/dashboard", signedIn: true, profile: makeProfile() });
    await advance(0);
    expect(screen.getByRole("status")).toHaveTextContent("Loading...");
    await advance(499);
    expect(screen.getByText("Loading...")).toBeInTheDocument();
    expect(screen.queryByText("Dashboard page")).not.toBeInTheDocument();
    await advance(1);
    expect(screen.getByText("Dashboard page")).toBeInTheDocument();
    expect(screen.queryByText("Loading...")).not.toBeInTheDocument();
  });

  it("redirects a signed-out visitor to /login, remembering where they were going", async () => {
    const { router } = renderApp({ routes, path: "/dashboard?tab=1" });
    await pastMinimumLoading();
    expect(screen.getByText("Login page")).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/login");
    expect(router.state.location.state).toEqual({ from: { pathname: "/dashboard", search: "?tab=1", hash: "" } });
  });

  it("redirects a signed-in user with an incomplete profile to /profile", async () => {
    const { router } = renderApp({
      routes,
      path: "/dashboard",
      signedIn: true,
      profile: makeProfile({ whatsapp_number: "  " }),
    });
    await pastMinimumLoading();
    expect(router.state.location.pathname).toBe("/profile");
    expect(screen.getByText("Profile page")).toBeInTheDocument();
  });

  it("redirects a signed-in user without any profile to /profile", async () => {
    const { router } = renderApp({ routes, path: "/dashboard", signedIn: true, profile: null });
    await pastMinimumLoading();
    expect(router.state.location.pathname).toBe("/profile");
  });

  it("renders the page for a signed-in user with a complete profile", async () => {
    const { router } = renderApp({ routes, path: "/dashboard", signedIn: true, profile: makeProfile() });
    await pastMinimumLoading();
    expect(router.state.location.pathname).toBe("/dashboard");
    expect(screen.getByText("Dashboard page")).toBeInTheDocument();
  });

  it("lets a user with an incomplete profile stay on /profile", async () => {
    const { router } = renderApp({
      routes,
      path: "/profile",
      signedIn: true,
      profile: makeProfile({ first_name: null }),
    });
    await pastMinimumLoading();
    expect(router.state.location.pathname).toBe("/profile");
    expect(screen.getByText("Profile page")).toBeInTheDocument();
  });
});
