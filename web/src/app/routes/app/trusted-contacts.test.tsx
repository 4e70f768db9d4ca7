import { screen, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { createFakeOwnerContacts } from "@/testing/fake-owner-contacts";
import { createFakeWorkspace } from "@/testing/fake-workspace";
import { makeProfile } from "@/testing/fakes";
import { channelsOff, renderApp } from "@/testing/render-app";
import { formatDateTime, formatWhen } from "@/lib/format-date-time";
import "./trusted-contacts";

const AFTER_GUARD = { timeout: 5000 };
const DAY = 24 * 3_600_000;
// The profile's zone (makeProfile): every time on the page is in it.
const ZONE = "Europe/London";

function setUp(width?: number) {
  const workspace = createFakeWorkspace();
  const contacts = createFakeOwnerContacts({ workspace });
  const rendered = () =>
    renderApp({ signedIn: true, profile: makeProfile(), path: "/trusted-contacts", workspace, contacts, width });
  return { workspace, contacts, rendered };
}

const card = (name: string) => screen.getByRole("heading", { level: 2, name }).closest("li")!;

describe("the trusted contacts page", () => {
  it("shows a skeleton while loading, then says truthfully what a trusted contact does today", async () => {
    const { rendered } = setUp(375);
    rendered();
    expect(await screen.findByRole("status", { name: "Loading trusted contacts" }, AFTER_GUARD)).toBeInTheDocument();
    expect(await screen.findByRole("heading", { level: 2, name: "No trusted contacts yet" })).toBeInTheDocument();
    const how = screen.getByRole("list", { name: "How trusted contacts work" });
    expect(how).toHaveTextContent(
      "the contacts you chose for that condition are asked by e-mail: “Have you been in touch with Ada since …?”",
    );
    expect(how).toHaveTextContent(
      "One “They're OK — hold” postpones it by the hold period you set, and you are told who held it.",
    );
    expect(how).toHaveTextContent("If nobody answers in time, it goes out.");
    expect(how).toHaveTextContent(
      "They see only your first name and that question: never your messages, their titles or who they go to, unless a message is sent to them on their request (below).",
    );
    expect(how).toHaveTextContent(
      "If they ask, you are alerted at once by e-mail (and on WhatsApp or SMS where your reminders go) and on your dashboard, and can deny. If you do not deny within the waiting period you chose, that message is sent to them alone.",
    );
    expect(how).toHaveTextContent("You choose on each condition of a message whether to ask them");
    expect(how).toHaveTextContent("The emergency button never waits for anyone.");
    expect(how).toHaveTextContent(
      "Your contacts are invited and asked by e-mail: this server does not reach them by WhatsApp or SMS.",
    );
    expect(screen.getByRole("button", { name: "Invite a contact" })).toBeEnabled();
  });

  it("lists each contact with their state in words, in the owner's zone, and counts them against the limit of 5", async () => {
    const { contacts, rendered } = setUp();
    const at = new Date(Date.now() - 2 * DAY);
    contacts.addContact("Sam Lee", "sam@example.com", "active", at);
    const grace = contacts.addContact("Grace Hopper", "grace@example.com", "invited");
    contacts.addContact("Old Friend", "old@example.com", "invited", new Date(Date.now() - 20 * DAY));
    contacts.addContact("Bob Builder", "bob@example.com", "declined", at);
    contacts.addContact("Lee Smith", "lee@example.com", "left", at);
    rendered();
    const list = await screen.findByRole("list", { name: "Trusted contacts" }, AFTER_GUARD);
    expect(within(list).getAllByRole("listitem")).toHaveLength(5);

    expect(card("Sam Lee")).toHaveTextContent("Active");
    expect(card("Sam Lee")).toHaveTextContent(`Active since ${formatDateTime(at, ZONE)}.`);
    const until = formatWhen(new Date(grace.invitation_expires_at!), new Date(), ZONE);
    expect(card("Grace Hopper")).toHaveTextContent(
      `Invitation sent — works until ${until}. They are asked only once they accept.`,
    );
    expect(card("Old Friend")).toHaveTextContent("Invitation lapsed");
    expect(card("Old Friend")).toHaveTextContent("without an answer. Invite them again, or remove them.");
    expect(within(card("Old Friend")).getByRole("button", { name: "Invite Old Friend again" })).toBeEnabled();
    expect(within(card("Grace Hopper")).queryByRole("button", { name: /again/ })).not.toBeInTheDocument();
    expect(card("Bob Builder")).toHaveTextContent(`Declined on ${formatDateTime(at, ZONE)}. They are not asked.`);
    expect(card("Lee Smith")).toHaveTextContent("Stepped down");
    expect(card("Lee Smith")).toHaveTextContent(
      `Stepped down on ${formatDateTime(at, ZONE)}. They are no longer asked.`,
    );

    expect(
      screen.getByText("3 of at most 5 invited or active. Contacts who declined or stepped down do not count."),
    ).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Invite a contact" })).toBeEnabled();
  });

  it("turns the invite button off at 5 invited or active, and says why", async () => {
    const { contacts, rendered } = setUp();
    for (const n of [1, 2, 3, 4, 5]) contacts.addContact(`Friend ${n}`, `friend${n}@example.com`, "active");
    rendered();
    await screen.findByRole("list", { name: "Trusted contacts" }, AFTER_GUARD);
    expect(screen.getByRole("button", { name: "Invite a contact" })).toBeDisabled();
    expect(
      screen.getByText(
        "You have 5 trusted contacts invited or active, the most at once. Remove one to invite someone else.",
      ),
    ).toBeInTheDocument();
  });

  it("invites by e-mail only, shows the server's refusal under the address, and lists the new contact as invited", async () => {
    const { rendered } = setUp(375);
    const { user, server } = rendered();
    await user.click(await screen.findByRole("button", { name: "Invite a contact" }, AFTER_GUARD));
    const dialog = await screen.findByRole("dialog", { name: "Invite a trusted contact" });
    expect(dialog).not.toHaveTextContent(/WhatsApp|SMS/);
    expect(within(dialog).queryByRole("radio")).not.toBeInTheDocument();
    expect(within(dialog).queryByRole("combobox")).not.toBeInTheDocument();

    await user.type(within(dialog).getByLabelText("Name"), "Sam Lee");
    // The owner's own address: the server refuses it under the field (decision 034).
    await user.type(within(dialog).getByLabelText("E-mail address"), "ada@example.com");
    await user.click(within(dialog).getByRole("button", { name: "Send invitation" }));
    expect(await within(dialog).findByText("This is your own address")).toBeInTheDocument();
    expect(within(dialog).getByLabelText("E-mail address")).toHaveAttribute("aria-invalid", "true");

    await user.clear(within(dialog).getByLabelText("E-mail address"));
    await user.type(within(dialog).getByLabelText("E-mail address"), "Sam@Example.com");
    await user.click(within(dialog).getByRole("button", { name: "Send invitation" }));
    expect(await screen.findByText("Invitation sent")).toBeInTheDocument();
    await vi.waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(server.calls.filter((c) => c.method === "POST" && c.path === "/api/trusted-contacts").at(-1)?.body).toEqual({
      name: "Sam Lee",
      channel: "email",
      address: "sam@example.com",
    });
    const list = await screen.findByRole("list", { name: "Trusted contacts" });
    expect(within(list).getByText("sam@example.com")).toBeInTheDocument();
    expect(card("Sam Lee")).toHaveTextContent("Invited");
  });

  it("says a refusal that is about no one field in the dialog, with the way to the profile when a first name is missing", async () => {
    const { contacts, rendered } = setUp();
    // The profile's first name was cleared elsewhere since this page loaded.
    contacts.owner.first_name = null;
    const { user } = rendered();
    await user.click(await screen.findByRole("button", { name: "Invite a contact" }, AFTER_GUARD));
    const dialog = await screen.findByRole("dialog", { name: "Invite a trusted contact" });
    await user.type(within(dialog).getByLabelText("Name"), "Sam Lee");
    await user.type(within(dialog).getByLabelText("E-mail address"), "sam@example.com");
    await user.click(within(dialog).getByRole("button", { name: "Send invitation" }));
    expect(
      await within(dialog).findByText(
        /^Add your first name to your profile first: your trusted contacts are told who asked them\./,
      ),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole("link", { name: "Open your profile" })).toHaveAttribute("href", "/profile");
  });

  it("removes a contact after saying what happens, and their card goes", async () => {
    const { contacts, rendered } = setUp();
    const sam = contacts.addContact("Sam Lee", "sam@example.com", "active");
    contacts.addContact("Grace Hopper", "grace@example.com", "active");
    const { user, server } = rendered();
    await screen.findByRole("list", { name: "Trusted contacts" }, AFTER_GUARD);
    await user.click(screen.getByRole("button", { name: "Remove Sam Lee" }));
    const confirm = await screen.findByRole("alertdialog", { name: "Remove Sam Lee?" });
    expect(confirm).toHaveTextContent(
      "Their links stop working, and conditions that asked them will no longer ask them. A condition that asked only them then goes out without asking anyone when its deadline comes, unless you choose someone else for it.",
    );
    await user.click(within(confirm).getByRole("button", { name: "Remove contact" }));
    expect(await screen.findByText("Trusted contact removed")).toBeInTheDocument();
    await vi.waitFor(() => expect(screen.queryByRole("heading", { name: "Sam Lee" })).not.toBeInTheDocument());
    expect(screen.getByRole("heading", { name: "Grace Hopper" })).toBeInTheDocument();
    expect(server.calls.some((c) => c.method === "DELETE" && c.path === `/api/trusted-contacts/${sam.id}`)).toBe(true);
    expect(contacts.contacts.find((c) => c.id === sam.id)?.state).toBe("removed");
  });

  it("invites a lapsed invitation's address again, which renews it", async () => {
    const { contacts, rendered } = setUp();
    const old = contacts.addContact("Old Friend", "old@example.com", "invited", new Date(Date.now() - 20 * DAY));
    const { user } = rendered();
    await screen.findByRole("list", { name: "Trusted contacts" }, AFTER_GUARD);
    await user.click(screen.getByRole("button", { name: "Invite Old Friend again" }));
    expect(await screen.findByText("Invitation sent")).toBeInTheDocument();
    await vi.waitFor(() => expect(card("Old Friend")).toHaveTextContent("Invitation sent — works until"));
    expect(contacts.contacts.filter((c) => c.address === "old@example.com")).toHaveLength(1);
    expect(Date.parse(contacts.contacts.find((c) => c.id === old.id)!.invitation_expires_at!)).toBeGreaterThan(
      Date.now(),
    );
  });

  it("shows a phone contact's number with its channel, and invites them again on it", async () => {
    const uses = {
      check_in: true,
      verification: true,
      owner_reminders: true,
      deliveries: true,
      trusted_contacts: true,
    };
    const sms = { available: true, local: false, missing: [], uses, from: "+15005550006" };
    const workspace = createFakeWorkspace("UTC", { ...channelsOff, sms });
    const contacts = createFakeOwnerContacts({ workspace });
    const lapsed = new Date(Date.now() - 20 * DAY);
    contacts.addContact("Old Friend", "+447700900123", "invited", lapsed, "sms");
    const { user, server } = renderApp({
      signedIn: true,
      profile: makeProfile(),
      path: "/trusted-contacts",
      workspace,
      contacts,
    });
    await screen.findByRole("list", { name: "Trusted contacts" }, AFTER_GUARD);
    expect(card("Old Friend")).toHaveTextContent("+447700900123 · SMS");
    await user.click(screen.getByRole("button", { name: "Invite Old Friend again" }));
    expect(await screen.findByText(/It is on its way to \+447700900123 by SMS/)).toBeInTheDocument();
    expect(server.calls.filter((c) => c.method === "POST" && c.path === "/api/trusted-contacts").at(-1)?.body).toEqual({
      name: "Old Friend",
      channel: "sms",
      address: "+447700900123",
    });
  });

  it("is in the user menu next to Recipients", async () => {
    const { rendered } = setUp();
    const { user } = rendered();
    await user.click(await screen.findByRole("button", { name: "Open user menu" }, AFTER_GUARD));
    expect(await screen.findByRole("menuitem", { name: "Trusted contacts" })).toHaveAttribute(
      "href",
      "/trusted-contacts",
    );
  });
});

describe("requests for access on the trusted contacts page", () => {
  /** A message the requests are about, over the same workspace as the contacts. */
  function withMessage() {
    const { workspace, contacts, rendered } = setUp(375);
    const { id } = workspace.routes["POST /api/messages/save"]!({
      method: "POST",
      path: "",
      params: {},
      body: { title: "For Grace" },
    }).body as { id: string };
    const sam = contacts.addContact("Sam Lee", "sam@example.com", "active");
    return { contacts, rendered, messageId: id, sam };
  }
  const item = (name: string) =>
    within(screen.getByRole("list", { name: "Requests for access" }))
      .getByRole("heading", { name })
      .closest("li")!;
  const when = (iso: string) => formatWhen(new Date(iso), new Date(), ZONE);

  it("lists every request in words with its reason and times, Deny while waiting and Revoke once granted", async () => {
    const { contacts, rendered, messageId, sam } = withMessage();
    const grace = contacts.addContact("Grace Hopper", "grace@example.com", "active");
    const denied = contacts.addRequest({ contact: grace, messageId, state: "denied", reason: "Just checking" });
    const withdrawn = contacts.addRequest({ contact: grace, messageId, state: "withdrawn", reason: "Worried" });
    const granted = contacts.addRequest({
      contact: sam,
      messageId,
      state: "granted",
      reason: "Ada is in hospital",
      requestedAt: new Date(Date.now() - 100 * 3_600_000),
      firstOpenedAt: new Date(Date.now() - 3_600_000).toISOString(),
    });
    const waiting = contacts.addRequest({ contact: sam, messageId, reason: "No news for a week" });
    rendered();
    const list = await screen.findByRole("list", { name: "Requests for access" }, AFTER_GUARD);
    const items = within(list).getAllByRole("listitem");
    expect(items).toHaveLength(4);
    // Newest first.
    expect(items[0]).toHaveTextContent("Sam Lee asked for “For Grace”Waiting");
    expect(items[0]).toHaveTextContent("Reason: “No news for a week”");
    expect(items[0]).toHaveTextContent(
      `Asked ${when(waiting.requested_at)}. It will be released to them on ${when(waiting.grants_at)} unless you deny it.`,
    );
    expect(within(items[0]!).getByRole("button", { name: "Deny Sam Lee's request" })).toBeEnabled();

    expect(items[1]).toHaveTextContent("Released");
    expect(items[1]).toHaveTextContent(
      `Asked ${when(granted.requested_at)}. Released to them on ${when(granted.decided_at!)}. They first opened it ${when(granted.first_opened_at!)}.`,
    );
    expect(within(items[1]!).getByRole("button", { name: "Revoke access for Sam Lee" })).toBeEnabled();

    expect(items[2]).toHaveTextContent(
      `Asked ${when(withdrawn.requested_at)}. Grace Hopper withdrew it on ${when(withdrawn.decided_at!)}: nothing was sent.`,
    );
    expect(items[3]).toHaveTextContent(
      `Asked ${when(denied.requested_at)}. Denied on ${when(denied.decided_at!)}: nothing was sent.`,
    );
    expect(within(items[2]!).queryByRole("button")).not.toBeInTheDocument();
    expect(within(items[3]!).queryByRole("button")).not.toBeInTheDocument();
  });

  it("denies a waiting request after asking once", async () => {
    const { contacts, rendered, messageId, sam } = withMessage();
    contacts.addRequest({ contact: sam, messageId });
    const { user } = rendered();
    await screen.findByRole("list", { name: "Requests for access" }, AFTER_GUARD);
    await user.click(
      within(item("Sam Lee asked for “For Grace”")).getByRole("button", { name: "Deny Sam Lee's request" }),
    );
    await user.click(within(await screen.findByRole("alertdialog")).getByRole("button", { name: "Deny request" }));
    expect(await screen.findByText("Request denied")).toBeInTheDocument();
    await vi.waitFor(() => expect(item("Sam Lee asked for “For Grace”")).toHaveTextContent("Denied on"));
    expect(contacts.requests[0]!.state).toBe("denied");
  });

  it("revokes a granted access after saying truthfully what revoking cannot undo", async () => {
    const { contacts, rendered, messageId, sam } = withMessage();
    const granted = contacts.addRequest({ contact: sam, messageId, state: "granted" });
    const { user, server } = rendered();
    await screen.findByRole("list", { name: "Requests for access" }, AFTER_GUARD);
    expect(item("Sam Lee asked for “For Grace”")).toHaveTextContent("They have not opened it yet.");
    await user.click(screen.getByRole("button", { name: "Revoke access for Sam Lee" }));
    const confirm = await screen.findByRole("alertdialog", { name: "Revoke Sam Lee's access to “For Grace”?" });
    expect(confirm).toHaveTextContent(
      "They may already have read it; revoking stops their link from opening it again.",
    );
    await user.click(within(confirm).getByRole("button", { name: "Revoke access" }));
    expect(await screen.findByText("Access revoked")).toBeInTheDocument();
    expect(server.calls.filter((c) => c.path.endsWith("/revoke"))).toEqual([
      { method: "POST", path: `/api/access-requests/${granted.id}/revoke`, body: undefined },
    ]);
    await vi.waitFor(() =>
      expect(item("Sam Lee asked for “For Grace”")).toHaveTextContent(
        `You revoked their access on ${when(contacts.requests[0]!.revoked_at!)}.`,
      ),
    );
    expect(item("Sam Lee asked for “For Grace”")).toHaveTextContent("Revoked");
    expect(screen.queryByRole("button", { name: "Revoke access for Sam Lee" })).not.toBeInTheDocument();
  });

  it("shows no requests section while there has never been a request", async () => {
    const { rendered } = withMessage();
    const { server } = rendered();
    await screen.findByRole("list", { name: "Trusted contacts" }, AFTER_GUARD);
    await vi.waitFor(() => expect(server.calls.some((c) => c.path === "/api/access-requests")).toBe(true));
    expect(screen.queryByRole("heading", { name: "Requests for access" })).not.toBeInTheDocument();
  });
});
