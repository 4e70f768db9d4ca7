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

describe("a session ended elsewhere", () => {
  it("ends the local session, goes to /login and says so when the profile answers 401", async () => {
    const { router, auth } = renderApp({
      path: "/dashboard",
      signedIn: true,
      profile: makeProfile(),
      api: { "GET /api/profile": sessionGone },
    });
    expect(await screen.findByText(SESSION_ENDED_TOAST.title, {}, AFTER_GUARD)).toBeInTheDocument();
    expect(screen.getByText(SESSION_ENDED_TOAST.description)).toBeInTheDocument();
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
      profile: makeProfile(),
      api: { "GET /api/messages": sessionGone, "GET /api/recipients": sessionGone },
    });
    expect(await screen.findByText(SESSION_ENDED_TOAST.title, {}, AFTER_GUARD)).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe("/login"), AFTER_GUARD);
    expect(auth.mocks.signOut).toHaveBeenCalledTimes(1);
    expect(await screen.findByRole("heading", { level: 1 })).toBeInTheDocument();
  });
});
