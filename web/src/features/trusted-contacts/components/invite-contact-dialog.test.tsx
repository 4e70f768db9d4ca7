import type { ChannelsInfo } from "@trigger-switch/contracts";
import { screen, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { createFakeOwnerContacts } from "@/testing/fake-owner-contacts";
import { createFakeWorkspace } from "@/testing/fake-workspace";
import { makeProfile } from "@/testing/fakes";
import { channelsOff, renderApp, type RenderAppOptions } from "@/testing/render-app";

const AFTER_GUARD = { timeout: 5000 };
const on = {
  available: true,
  local: false,
  missing: [],
  uses: { check_in: true, verification: true, owner_reminders: true, deliveries: true, trusted_contacts: true },
};
const smsOn: ChannelsInfo = { ...channelsOff, sms: { ...on, from: "+15005550006" } };
const bothOn: ChannelsInfo = { ...smsOn, whatsapp: on };

/** The trusted contacts page at 375 px over a server whose channels are `channels`. */
function open(channels: ChannelsInfo, api?: RenderAppOptions["api"]) {
  const workspace = createFakeWorkspace("UTC", channels);
  const contacts = createFakeOwnerContacts({ workspace });
  return renderApp({
    signedIn: true,
    profile: makeProfile(),
    path: "/trusted-contacts",
    workspace,
    contacts,
    width: 375,
    api,
  });
}

async function openDialog(user: ReturnType<typeof renderApp>["user"]) {
  await user.click(await screen.findByRole("button", { name: "Invite a contact" }, AFTER_GUARD));
  return screen.findByRole("dialog", { name: "Invite a trusted contact" });
}

const invitations = (server: ReturnType<typeof renderApp>["server"]) =>
  server.calls.filter((c) => c.method === "POST" && c.path === "/api/trusted-contacts").map((c) => c.body);

describe("inviting a trusted contact", () => {
  it("offers e-mail alone, with no choice and no word of SMS or WhatsApp, where neither reaches contacts", async () => {
    const { user } = open(channelsOff);
    const dialog = await openDialog(user);
    expect(within(dialog).queryByRole("radio")).not.toBeInTheDocument();
    expect(within(dialog).queryByRole("group")).not.toBeInTheDocument();
    expect(dialog).toHaveTextContent(
      "We e-mail them an invitation that names you as Ada and says what being a trusted contact means, nothing about your messages. They need no account.",
    );
    expect(dialog).not.toHaveTextContent(/SMS|WhatsApp/);
    expect(within(dialog).getByLabelText("E-mail address")).toHaveAttribute("type", "email");
  });

  it("offers SMS where it reaches contacts, asks for a mobile number then, and invites by SMS", async () => {
    const { user, server } = open(smsOn);
    const dialog = await openDialog(user);
    expect(dialog).toHaveTextContent(
      "We send them an invitation by e-mail or SMS, as you choose, that names you as Ada and says what being a trusted contact means, nothing about your messages. Everything they are sent later comes the same way. They need no account.",
    );
    expect(dialog).not.toHaveTextContent("WhatsApp");
    const choice = await within(dialog).findByRole("group", { name: "Send the invitation by" });
    expect(
      within(choice)
        .getAllByRole("radio")
        .map((r) => r.getAttribute("value")),
    ).toEqual(["email", "sms"]);
    expect(within(choice).getByRole("radio", { name: "E-mail" })).toBeChecked();
    expect(within(dialog).getByLabelText("E-mail address")).toHaveAttribute("type", "email");

    await user.click(within(choice).getByRole("radio", { name: "SMS" }));
    expect(within(dialog).queryByLabelText("E-mail address")).not.toBeInTheDocument();
    const number = within(dialog).getByLabelText("Mobile number");
    expect(number).toHaveAttribute("type", "tel");
    expect(number).toHaveAccessibleDescription("In international format with the country code, e.g. +44 7700 900123");

    await user.type(within(dialog).getByLabelText("Name"), "Sam Lee");
    await user.type(number, "07700 900123");
    await user.click(within(dialog).getByRole("button", { name: "Send invitation" }));
    expect(
      await within(dialog).findByText(
        "Enter the number in international format with the country code, e.g. +44 7700 900123",
      ),
    ).toBeInTheDocument();
    expect(invitations(server)).toEqual([]);

    await user.clear(number);
    await user.type(number, "+44 7700 900123");
    await user.click(within(dialog).getByRole("button", { name: "Send invitation" }));
    expect(await screen.findByText(/It is on its way to \+447700900123 by SMS/)).toBeInTheDocument();
    await vi.waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(invitations(server)).toEqual([{ name: "Sam Lee", channel: "sms", address: "+447700900123" }]);
    const card = screen.getByRole("heading", { level: 2, name: "Sam Lee" }).closest("li")!;
    expect(card).toHaveTextContent("+447700900123 · SMS");
  });

  it("names every channel that reaches contacts, and forgets an e-mail address when a phone is chosen", async () => {
    const { user } = open(bothOn);
    const dialog = await openDialog(user);
    expect(dialog).toHaveTextContent("We send them an invitation by e-mail, SMS or WhatsApp, as you choose,");
    const choice = await within(dialog).findByRole("group", { name: "Send the invitation by" });
    expect(within(choice).getAllByRole("radio")).toHaveLength(3);

    await user.type(within(dialog).getByLabelText("E-mail address"), "sam@example.com");
    await user.click(within(choice).getByRole("radio", { name: "WhatsApp" }));
    expect(within(dialog).getByLabelText("Mobile number")).toHaveValue("");
    await user.type(within(dialog).getByLabelText("Mobile number"), "+447700900123");
    // SMS and WhatsApp both want the number: it stays.
    await user.click(within(choice).getByRole("radio", { name: "SMS" }));
    expect(within(dialog).getByLabelText("Mobile number")).toHaveValue("+447700900123");
  });

  it("shows the server's refusal of a channel under the choice", async () => {
    // The page was told SMS reaches contacts; the server no longer agrees (its settings changed).
    const { user } = open(channelsOff, { "GET /api/channels": () => ({ body: smsOn }) });
    const dialog = await openDialog(user);
    const choice = await within(dialog).findByRole("group", { name: "Send the invitation by" });
    await user.click(within(choice).getByRole("radio", { name: "SMS" }));
    await user.type(within(dialog).getByLabelText("Name"), "Sam Lee");
    await user.type(within(dialog).getByLabelText("Mobile number"), "+447700900123");
    await user.click(within(dialog).getByRole("button", { name: "Send invitation" }));
    const error = await within(choice).findByRole("alert");
    expect(error).toHaveTextContent("SMS is not available for trusted contacts here");
    expect(choice).toHaveAccessibleDescription("SMS is not available for trusted contacts here");
    expect(within(dialog).getByLabelText("Mobile number")).toHaveValue("+447700900123");
  });
});
