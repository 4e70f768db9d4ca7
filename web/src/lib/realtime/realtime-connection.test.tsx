import { CONDITIONS_UPDATED_EVENT } from "@trigger-switch/contracts";
import { act, screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { createFakeOwnerContacts } from "@/testing/fake-owner-contacts";
import { createFakeWorkspace } from "@/testing/fake-workspace";
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
    // The header's link, and the home page's own once its code is loaded (at once when an earlier
    // file in this worker loaded it).
    await screen.findAllByRole("link", { name: "Sign in" });
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

  it("shows a new request for access on an open dashboard as soon as a CHANGED frame arrives", async () => {
    const workspace = createFakeWorkspace();
    const { id: messageId } = workspace.routes["POST /api/messages/save"]!({
      method: "POST",
      path: "",
      params: {},
      body: { title: "For Grace" },
    }).body as { id: string };
    const contacts = createFakeOwnerContacts({ workspace });
    const sam = contacts.addContact("Sam Lee", "sam@example.com", "active");
    const fake = fakeSockets();
    const { server } = renderApp({
      signedIn: true,
      profile: makeProfile(),
      path: "/dashboard",
      workspace,
      contacts,
      openSocket: fake.openSocket,
    });
    await screen.findByRole("heading", { name: "Welcome, Ada" }, AFTER_GUARD);
    const requestCalls = () =>
      server.calls.filter((c) => c.method === "GET" && c.path === "/api/access-requests").length;
    await waitFor(() => expect(requestCalls()).toBeGreaterThan(0));
    await waitFor(() => expect(fake.sockets).toHaveLength(1));
    expect(screen.queryByRole("region", { name: "Requests for access waiting" })).not.toBeInTheDocument();
    const before = requestCalls();

    // Sam asks; the server's frame says only that the owner's requests changed.
    contacts.addRequest({ contact: sam, messageId, reason: "No news for a week" });
    act(() => {
      fake.last().open();
      fake.last().receive({ type: "subscribed", channel: "message_conditions_stable" });
      fake.last().receive({ type: "CHANGED", table: "access_requests" });
    });

    const alert = await screen.findByRole("region", { name: "Requests for access waiting" });
    expect(alert).toHaveTextContent("Sam Lee asked for access to “For Grace”");
    expect(requestCalls()).toBe(before + 1);
  });
});
