import { CONDITIONS_UPDATED_EVENT } from "@trigger-switch/contracts";
import { act, screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { makeProfile, makeSession } from "@/testing/fakes";
import { renderApp } from "@/testing/render-app";
import { fakeSockets } from "@/testing/fake-socket";
import { noteOwnCheckIn, OWN_CHECK_IN_WINDOW_MS } from "./own-check-ins";
import { conditionUpdate } from "@/testing/condition-update";

const AFTER_GUARD = { timeout: 5000 };

describe("live updates in the app", () => {
  it("opens no socket for a visitor", async () => {
    const fake = fakeSockets();
    renderApp({ path: "/", openSocket: fake.openSocket });
    await screen.findByRole("link", { name: "Sign in" });
    expect(fake.sockets).toHaveLength(0);
  });

  it("authenticates when signed in, again after TOKEN_REFRESHED, and closes on sign-out", async () => {
    const fake = fakeSockets();
    const { auth } = renderApp({
      signedIn: true,
      profile: makeProfile(),
      path: "/dashboard",
      openSocket: fake.openSocket,
    });
    await waitFor(() => expect(fake.sockets).toHaveLength(1));
    expect(fake.last().url).toMatch(/^ws:\/\/.+\/realtime$/);
    act(() => fake.last().open());
    expect(fake.last().sent).toEqual([{ type: "auth", access_token: "access-token" }]);

    act(() => auth.emit("TOKEN_REFRESHED", { ...makeSession(), access_token: "refreshed-token" }));
    await waitFor(() => expect(fake.last().sent).toContainEqual({ type: "auth", access_token: "refreshed-token" }));

    act(() => auth.emit("SIGNED_OUT", null));
    await waitFor(() => expect(fake.last().closedByClient).toBe(true));
    expect(fake.sockets).toHaveLength(1);
  });

  it("refreshes an open dashboard and says so when a check-in arrives from elsewhere", async () => {
    noteOwnCheckIn(Date.now() - OWN_CHECK_IN_WINDOW_MS - 1);
    const fake = fakeSockets();
    const events: Event[] = [];
    const listener = (event: Event) => events.push(event);
    window.addEventListener(CONDITIONS_UPDATED_EVENT, listener);
    const { server } = renderApp({
      signedIn: true,
      profile: makeProfile(),
      path: "/dashboard",
      openSocket: fake.openSocket,
    });
    await screen.findByRole("heading", { name: "Welcome, Ada" }, AFTER_GUARD);
    await waitFor(() => expect(fake.sockets).toHaveLength(1));
    const listCalls = () => server.calls.filter((c) => c.method === "GET" && c.path === "/api/messages").length;
    const before = listCalls();

    act(() => {
      fake.last().open();
      fake.last().receive({ type: "subscribed", channel: "message_conditions_stable" });
      fake.last().receive(conditionUpdate({ last_checked: new Date().toISOString() }));
    });

    expect(await screen.findByText("Checked in from another device")).toBeInTheDocument();
    await waitFor(() => expect(listCalls()).toBeGreaterThan(before));
    expect(events.map((e) => (e as CustomEvent).detail)).toEqual([
      { kind: "check-in", conditionId: "c1", messageId: "m1" },
    ]);
    window.removeEventListener(CONDITIONS_UPDATED_EVENT, listener);
  });
});
