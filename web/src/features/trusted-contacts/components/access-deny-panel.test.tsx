import { screen } from "@testing-library/react";
import type { OwnerAccessRequest } from "@trigger-switch/contracts";
import { describe, expect, it } from "vitest";
import { formatWhen } from "@/lib/format-date-time";
import { browserTimeZone } from "@/lib/time-zone";
import { createFakeOwnerContacts } from "@/testing/fake-owner-contacts";
import { createFakeWorkspace } from "@/testing/fake-workspace";
import { renderApp } from "@/testing/render-app";

// The page's code loads lazily.
const LOADED = { timeout: 5000 };
const TOKEN = "deny-token-123";
const PATH = `/access-request/deny?token=${TOKEN}`;

/** Sam's one ask for two of the owner's messages, with the owner's mailed Deny link. */
function setUp(state: OwnerAccessRequest["state"] = "waiting") {
  const workspace = createFakeWorkspace();
  const save = (title: string) =>
    (
      workspace.routes["POST /api/messages/save"]!({ method: "POST", path: "", params: {}, body: { title } }).body as {
        id: string;
      }
    ).id;
  const contacts = createFakeOwnerContacts({ workspace });
  const sam = contacts.addContact("Sam Lee", "sam@example.com", "active");
  const asked = ["For Grace", "Bank details"].map((title) =>
    contacts.addRequest({ contact: sam, messageId: save(title), state, denyToken: TOKEN }),
  );
  const open = (path = PATH) => renderApp({ path, workspace, contacts, width: 375 });
  return { contacts, asked, open };
}

const when = (iso: string) => formatWhen(new Date(iso), new Date(), browserTimeZone());
const denyCalls = (calls: { path: string }[]) => calls.filter((c) => c.path.startsWith("/api/access-requests"));

describe("the owner's Deny link", () => {
  it("says who asked for what and when it goes, and opening it changes nothing", async () => {
    const { asked, contacts, open } = setUp();
    const { server } = open();
    expect(
      await screen.findByRole(
        "heading",
        { level: 1, name: "Sam Lee asked for access to: “For Grace”, “Bank details”" },
        LOADED,
      ),
    ).toBeInTheDocument();
    expect(
      screen.getByText(
        `Asked ${when(asked[0]!.requested_at)}. Unless you deny it, they are sent to Sam Lee alone on ${when(asked[0]!.grants_at)}.`,
      ),
    ).toBeInTheDocument();
    expect(screen.getByText("Request for access")).toBeInTheDocument();
    expect(screen.queryByRole("link", { name: "Sign in" })).not.toBeInTheDocument();
    expect(denyCalls(server.calls)).toEqual([
      { method: "POST", path: "/api/access-requests/deny/lookup", body: { token: TOKEN } },
    ]);
    expect(contacts.requests.every((r) => r.state === "waiting")).toBe(true);
  });

  it("denies with one tap, and says the contact has been told and nothing was sent", async () => {
    const { contacts, open } = setUp();
    const { user, server } = open();
    await user.click(await screen.findByRole("button", { name: "Deny" }, LOADED));
    expect(await screen.findByRole("heading", { level: 1, name: "Request denied" })).toBeInTheDocument();
    expect(screen.getByRole("status")).toHaveTextContent("Denied. Sam Lee has been told. Nothing was sent.");
    expect(denyCalls(server.calls).at(-1)).toEqual({
      method: "POST",
      path: "/api/access-requests/deny",
      body: { token: TOKEN },
    });
    expect(contacts.requests.every((r) => r.state === "denied")).toBe(true);
    expect(screen.queryByRole("button", { name: "Deny" })).not.toBeInTheDocument();
  });

  it("says a request already denied was denied, with nothing to do", async () => {
    setUp("denied").open();
    expect(
      await screen.findByRole("heading", { level: 1, name: "This request was denied" }, LOADED),
    ).toBeInTheDocument();
    expect(
      screen.getByText(
        "Sam Lee's request for “For Grace”, “Bank details” was denied, so nothing was sent to them. There is nothing more to do here.",
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Deny" })).not.toBeInTheDocument();
  });

  it("tells the owner a granted request was sent, and that they can revoke it from the Trusted contacts page", async () => {
    const { asked, open } = setUp("granted");
    open();
    expect(
      await screen.findByRole("heading", { level: 1, name: "It has already been sent" }, LOADED),
    ).toBeInTheDocument();
    expect(
      screen.getByText(
        `Nobody denied Sam Lee's request within the waiting period, so “For Grace”, “Bank details” were sent to them on ${when(asked[0]!.grants_at)}.`,
      ),
    ).toBeInTheDocument();
    expect(
      screen.getByText(
        "You can revoke their access from your Trusted contacts page. They may already have read it; revoking stops their link from opening it again.",
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Open your Trusted contacts page" })).toHaveAttribute(
      "href",
      "/trusted-contacts",
    );
  });

  it("says a withdrawn request needs nothing", async () => {
    setUp("withdrawn").open();
    expect(
      await screen.findByRole("heading", { level: 1, name: "Sam Lee withdrew this request" }, LOADED),
    ).toBeInTheDocument();
    expect(screen.getByText("Nothing was sent to them, and there is nothing to deny.")).toBeInTheDocument();
  });

  it("says clearly that an unknown link was not found, revealing nothing", async () => {
    setUp().open("/access-request/deny?token=nope");
    expect(
      await screen.findByRole("heading", { level: 1, name: "This Deny link was not found" }, LOADED),
    ).toBeInTheDocument();
    expect(screen.queryByText(/Sam/)).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Deny" })).not.toBeInTheDocument();
  });

  it("says the link is incomplete without a token, asking the server nothing", async () => {
    const { server } = setUp().open("/access-request/deny");
    expect(
      await screen.findByRole("heading", { level: 1, name: "This link is incomplete" }, LOADED),
    ).toBeInTheDocument();
    expect(denyCalls(server.calls)).toEqual([]);
  });
});
