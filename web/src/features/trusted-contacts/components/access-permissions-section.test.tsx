import { screen, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { createFakeOwnerContacts } from "@/testing/fake-owner-contacts";
import { createFakeWorkspace } from "@/testing/fake-workspace";
import { makeProfile } from "@/testing/fakes";
import { renderApp } from "@/testing/render-app";

const AFTER_GUARD = { timeout: 5000 };
const SECTION = { name: "Trusted contacts who may ask for this message" };

function setUp() {
  const workspace = createFakeWorkspace();
  const { id } = workspace.routes["POST /api/messages/save"]!({
    method: "POST",
    path: "",
    params: {},
    body: { title: "For Grace" },
  }).body as { id: string };
  const contacts = createFakeOwnerContacts({ workspace });
  const open = () =>
    renderApp({ signedIn: true, profile: makeProfile(), path: `/message/${id}`, workspace, contacts, width: 375 });
  return { contacts, messageId: id, open };
}

const puts = (calls: { method: string; path: string; body: unknown }[]) =>
  calls.filter((c) => c.method === "PUT" && c.path.endsWith("/access-permissions"));

describe("“Trusted contacts who may ask for this message” on a message's page", () => {
  it("says there is no active contact yet, and where to invite one", async () => {
    const { contacts, open } = setUp();
    contacts.addContact("Ann Smith", "ann@example.com", "invited");
    open();
    const section = await screen.findByRole("region", SECTION, AFTER_GUARD);
    expect(section).toHaveTextContent(
      "If they ask, you are alerted at once and can deny. If you do not deny within the waiting period, this message is sent to them alone.",
    );
    expect(
      await within(section).findByText(/You have no active trusted contact: only someone who accepted your invitation/),
    ).toBeInTheDocument();
    expect(within(section).getByRole("link", { name: "Invite someone on the Trusted contacts page" })).toHaveAttribute(
      "href",
      "/trusted-contacts",
    );
    expect(within(section).queryByRole("checkbox")).not.toBeInTheDocument();
  });

  it("is off by default; ticking a contact offers 72 hours, shown in days too, and Save puts the whole list", async () => {
    const { contacts, messageId, open } = setUp();
    const sam = contacts.addContact("Sam Lee", "sam@example.com", "active");
    contacts.addContact("Ann Smith", "ann@example.com", "invited");
    contacts.addContact("Bob Builder", "bob@example.com", "declined");
    const { user, server } = open();
    const section = await screen.findByRole("region", SECTION, AFTER_GUARD);
    const samBox = await within(section).findByRole("checkbox", { name: "Sam Lee" });
    // Only contacts who accepted can be allowed to ask.
    expect(within(section).getAllByRole("checkbox")).toHaveLength(1);
    expect(samBox).not.toBeChecked();
    expect(within(section).queryByLabelText("Waiting period (hours)")).not.toBeInTheDocument();

    await user.click(samBox);
    const hours = within(section).getByLabelText("Waiting period (hours)");
    expect(hours).toHaveValue(72);
    expect(hours).toHaveAccessibleDescription("3 days. 0 to 720 hours (30 days). Default 72.");
    await user.clear(hours);
    await user.type(hours, "36");
    expect(hours).toHaveAccessibleDescription("1 day and 12 hours. 0 to 720 hours (30 days). Default 72.");
    await user.clear(hours);
    await user.type(hours, "5");
    expect(hours).toHaveAccessibleDescription("0 to 720 hours (30 days). Default 72.");

    await user.click(within(section).getByRole("button", { name: "Save" }));
    expect(await screen.findByText("Sam Lee may ask for this message.")).toBeInTheDocument();
    expect(puts(server.calls)).toEqual([
      {
        method: "PUT",
        path: `/api/messages/${messageId}/access-permissions`,
        body: { permissions: [{ contact_id: sam.id, waiting_hours: 5 }] },
      },
    ]);
    expect(contacts.permissions.get(messageId)).toEqual([{ contact_id: sam.id, waiting_hours: 5 }]);
  });

  it("refuses a waiting period past 30 days under its field, saving nothing", async () => {
    const { contacts, open } = setUp();
    contacts.addContact("Sam Lee", "sam@example.com", "active");
    const { user, server } = open();
    const section = await screen.findByRole("region", SECTION, AFTER_GUARD);
    await user.click(await within(section).findByRole("checkbox", { name: "Sam Lee" }));
    const hours = within(section).getByLabelText("Waiting period (hours)");
    await user.clear(hours);
    await user.type(hours, "721");
    await user.click(within(section).getByRole("button", { name: "Save" }));
    expect(within(section).getByRole("alert")).toHaveTextContent("Choose a waiting period of at most 30 days");
    expect(hours).toHaveAttribute("aria-invalid", "true");
    expect(puts(server.calls)).toEqual([]);
  });

  it("shows what is saved, warns that taking someone off denies their waiting request, and saves that", async () => {
    const { contacts, messageId, open } = setUp();
    const sam = contacts.addContact("Sam Lee", "sam@example.com", "active");
    contacts.permissions.set(messageId, [{ contact_id: sam.id, waiting_hours: 24 }]);
    contacts.addRequest({ contact: sam, messageId });
    const { user } = open();
    const section = await screen.findByRole("region", SECTION, AFTER_GUARD);
    const samBox = await within(section).findByRole("checkbox", { name: "Sam Lee" });
    expect(samBox).toBeChecked();
    expect(within(section).getByLabelText("Waiting period (hours)")).toHaveValue(24);
    await user.click(samBox);
    expect(within(section).getByText("Saving denies their waiting request for this message.")).toBeInTheDocument();
    await user.click(within(section).getByRole("button", { name: "Save" }));
    expect(await screen.findByText("No trusted contact may ask for this message.")).toBeInTheDocument();
    expect(contacts.permissions.get(messageId)).toEqual([]);
    expect(contacts.requests[0]!.state).toBe("denied");
    // The dashboard's alert and the request list are asked again.
    await vi.waitFor(() =>
      expect(
        within(section).queryByText("Saving denies their waiting request for this message."),
      ).not.toBeInTheDocument(),
    );
  });
});
