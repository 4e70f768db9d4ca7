import { act, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { makeProfile, makeSession } from "@/testing/fakes";
import { renderApp } from "@/testing/render-app";
import { useAuth } from "./auth-context";

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

describe("the session's readers", () => {
  it("do not render again when auth-js announces a copy of the session in use, and do when it changes", async () => {
    const session = makeSession();
    let renders = 0;
    function Reader() {
      const { user } = useAuth();
      renders += 1;
      return <p>Signed in as {user?.email}</p>;
    }
    const { auth } = renderApp({ session, profile: makeProfile(), routes: [{ path: "/", element: <Reader /> }] });
    await screen.findByText(`Signed in as ${session.user.email}`);
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    const settled = renders;

    // What auth-js says to a new subscriber once it has loaded: the stored session, as new objects.
    await act(async () => {
      auth.emit("INITIAL_SESSION", structuredClone(session));
      auth.emit("SIGNED_IN", structuredClone(session));
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    expect(renders).toBe(settled);

    await act(async () => {
      auth.emit("USER_UPDATED", { ...session, user: { ...session.user, email: "ada@new.example" } });
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    expect(screen.getByText("Signed in as ada@new.example")).toBeInTheDocument();
    expect(renders).toBeGreaterThan(settled);
  });
});
