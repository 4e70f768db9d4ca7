import { screen, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { formatWhen } from "@/lib/format-date-time";
import { createFakeOwnerContacts } from "@/testing/fake-owner-contacts";
import { createFakeWorkspace } from "@/testing/fake-workspace";
import { makeProfile } from "@/testing/fakes";
import { renderApp } from "@/testing/render-app";

const AFTER_GUARD = { timeout: 5000 };
// The profile's zone (makeProfile): every time on the dashboard is in it.
const ZONE = "Europe/London";

function setUp() {
  const workspace = createFakeWorkspace();
  const { id } = workspace.routes["POST /api/messages/save"]!({
    method: "POST",
    path: "",
    params: {},
    body: { title: "For Grace" },
  }).body as { id: string };
  const contacts = createFakeOwnerContacts({ workspace });
  const sam = contacts.addContact("Sam Lee", "sam@example.com", "active");
  const open = () =>
    renderApp({ signedIn: true, profile: makeProfile(), path: "/dashboard", workspace, contacts, width: 375 });
  return { contacts, sam, messageId: id, open };
}

const banner = () => screen.queryByRole("region", { name: "Requests for access waiting" });

describe("the dashboard's alert while a request for access waits", () => {
  it("says who asked for what, when it goes unless denied, and why; Deny asks once, then tells the contact", async () => {
    const { contacts, sam, messageId, open } = setUp();
    const request = contacts.addRequest({ contact: sam, messageId, reason: "No news for a week" });
    const { user, server } = open();
    const alert = await screen.findByRole("region", { name: "Requests for access waiting" }, AFTER_GUARD);
    expect(alert).toHaveTextContent(
      `Sam Lee asked for access to “For Grace”: it will be released to them on ${formatWhen(new Date(request.grants_at), new Date(), ZONE)} unless you deny it.`,
    );
    expect(alert).toHaveTextContent("Reason: “No news for a week”");
    expect(within(alert).getByRole("link", { name: "All requests for access" })).toHaveAttribute(
      "href",
      "/trusted-contacts",
    );

    await user.click(within(alert).getByRole("button", { name: "Deny Sam Lee's request" }));
    const confirm = await screen.findByRole("alertdialog", { name: "Deny Sam Lee's request?" });
    expect(confirm).toHaveTextContent(
      "“For Grace” is not sent to Sam Lee, and they are told you said no. They can ask for it again in 24 hours, unless you take them off the message's “Trusted contacts who may ask for this message”.",
    );
    await user.click(within(confirm).getByRole("button", { name: "Keep waiting" }));
    expect(server.calls.some((c) => c.path.endsWith("/deny"))).toBe(false);

    await user.click(within(alert).getByRole("button", { name: "Deny Sam Lee's request" }));
    await user.click(within(await screen.findByRole("alertdialog")).getByRole("button", { name: "Deny request" }));
    expect(await screen.findByText("Request denied")).toBeInTheDocument();
    expect(screen.getByText("Sam Lee has been told. Nothing was sent.")).toBeInTheDocument();
    expect(server.calls.filter((c) => c.path.endsWith("/deny"))).toEqual([
      { method: "POST", path: `/api/access-requests/${request.id}/deny`, body: undefined },
    ]);
    await vi.waitFor(() => expect(banner()).not.toBeInTheDocument());
    expect(contacts.requests[0]!.state).toBe("denied");
  });

  it("shows the server's sentence when the request ended meanwhile, and takes the alert away", async () => {
    const { contacts, sam, messageId, open } = setUp();
    contacts.addRequest({ contact: sam, messageId });
    const { user } = open();
    const alert = await screen.findByRole("region", { name: "Requests for access waiting" }, AFTER_GUARD);
    // Sam withdrew it in the meantime.
    contacts.requests[0]!.state = "withdrawn";
    await user.click(within(alert).getByRole("button", { name: "Deny Sam Lee's request" }));
    await user.click(within(await screen.findByRole("alertdialog")).getByRole("button", { name: "Deny request" }));
    expect(
      await screen.findByText("This request is no longer waiting, so there is nothing to deny."),
    ).toBeInTheDocument();
    await vi.waitFor(() => expect(banner()).not.toBeInTheDocument());
  });

  it("shows nothing while no request waits", async () => {
    const { contacts, sam, messageId, open } = setUp();
    contacts.addRequest({ contact: sam, messageId, state: "denied" });
    contacts.addRequest({ contact: sam, messageId, state: "granted" });
    const { server } = open();
    await screen.findByRole("heading", { level: 1, name: "Welcome, Ada" }, AFTER_GUARD);
    await vi.waitFor(() => expect(server.calls.some((c) => c.path === "/api/access-requests")).toBe(true));
    expect(banner()).not.toBeInTheDocument();
  });
});
