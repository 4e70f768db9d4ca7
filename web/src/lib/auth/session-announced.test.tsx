import { screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { makeProfile, makeSession } from "@/testing/fakes";
import { renderApp } from "@/testing/render-app";

const AFTER_GUARD = { timeout: 5000 };

describe("a session announced again", () => {
  it("does not ask for the profile again when auth-js announces the session the app already uses", async () => {
    const session = makeSession();
    const { auth, server } = renderApp({ path: "/dashboard", session, profile: makeProfile() });
    await screen.findByRole("heading", { name: /^Welcome/ }, AFTER_GUARD);
    const profileGets = () => server.calls.filter((c) => c.method === "GET" && c.path === "/api/profile").length;
    expect(profileGets()).toBe(1);

    // auth-js, loaded once the page is idle, restores the stored session and says SIGNED_IN.
    auth.emit("SIGNED_IN", session);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(profileGets()).toBe(1);

    // A new session (a refreshed token, the user updated) is asked about.
    auth.emit("USER_UPDATED", { ...session, access_token: "access-token-2" });
    await vi.waitFor(() => expect(profileGets()).toBe(2));
  });
});
