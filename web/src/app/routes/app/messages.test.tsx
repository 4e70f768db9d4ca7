import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { createFakeWorkspace } from "@/testing/fake-workspace";
import { makeProfile, type Handler } from "@/testing/fakes";
import { renderApp } from "@/testing/render-app";
// The pages these tests visit are lazy routes. Imported here, their modules (the editor, the
// condition builder, the contracts' rules) are transformed while the file loads; otherwise the
// first test pays for it inside its own timeout, which a loaded machine can use up on that alone.
import "./create-message";
import "./edit-message";
import "./message";
import "./messages";
import "./recipients";

const AFTER_GUARD = { timeout: 5000 };
const signedIn = { signedIn: true, profile: makeProfile() } as const;

describe("the message pages", () => {
  it("writes within the plan the server gives: its attachment limits and no interval it would refuse", async () => {
    const plan = (id: "free" | "plus") => ({
      id,
      name: id === "free" ? "Free" : "Plus",
      max_messages: id === "free" ? 3 : 100,
      max_recipients: id === "free" ? 5 : 200,
      max_attachments_per_message: id === "free" ? 3 : 10,
      max_attachment_bytes: (id === "free" ? 10 : 25) * 1024 * 1024,
      min_check_in_minutes: id === "free" ? 1440 : 5,
      channels: id === "free" ? ["email"] : ["email", "whatsapp", "sms"],
      prices: [],
    });
    const billing = {
      billing_enabled: true,
      plan: "free",
      plans: [plan("free"), plan("plus")],
      usage: { messages: 0, recipients: 0, max_attachments_on_a_message: 0, short_interval_switches: 0 },
      subscription: null,
      over_limit: [],
      server_channels: ["email"],
      channel_changes: [],
    };
    const { user } = renderApp({
      ...signedIn,
      path: "/create-message",
      api: { "GET /api/billing": () => ({ body: billing }) },
    });
    expect(
      await screen.findByText(/^Your Free plan: up to 3 files of at most 10 MB each/, {}, AFTER_GUARD),
    ).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: /^No check-in/ }));
    const group = screen.getByRole("group", { name: /^No check-in/ });
    expect(within(group).queryByRole("button", { name: "15 min" })).not.toBeInTheDocument();
    expect(within(group).getByRole("button", { name: "1 day" })).toBeInTheDocument();
    expect(within(group).getByText(/^Your Free plan allows check-in intervals of 1 day or more/)).toBeInTheDocument();
  });

  it("writes a message with a new recipient and a condition, then shows what will happen", async () => {
    const { user, router, workspace } = renderApp({ ...signedIn, path: "/create-message" });
    await user.type(await screen.findByLabelText("Title", {}, AFTER_GUARD), "For Grace");
    // Pasted, as people often do with a long text: typed keystrokes are slow on a busy machine and
    // test nothing the title does not.
    await user.click(screen.getByLabelText("Message"));
    await user.paste("The papers are in the blue folder.");

    await user.click(screen.getByRole("button", { name: "Add recipient" }));
    const dialog = await screen.findByRole("dialog", { name: "Add a recipient" });
    await user.type(within(dialog).getByLabelText("Name"), "Grace Hopper");
    await user.type(within(dialog).getByLabelText("E-mail address"), "grace@example.com");
    await user.click(within(dialog).getByRole("button", { name: "Add recipient" }));
    expect(await screen.findByText("Recipient added")).toBeInTheDocument();
    expect(await screen.findByRole("checkbox", { name: /Grace Hopper/ })).toBeChecked();

    await user.click(screen.getByRole("button", { name: /^No check-in/ }));
    await user.click(screen.getByRole("button", { name: "Save message" }));

    expect(await screen.findByText("Message saved")).toBeInTheDocument();
    const id = workspace.messages[0]!.id;
    await screen.findByRole("heading", { name: "For Grace" }, AFTER_GUARD);
    expect(router.state.location.pathname).toBe(`/message/${id}`);
    expect(workspace.messages[0]!.recipientIds).toEqual([workspace.recipients[0]!.id]);
    expect(screen.getAllByText(/Goes out \w{3} \d\d:\d\d unless you check in/).length).toBeGreaterThan(0);
    expect(screen.getByText("Armed", { selector: "span" })).toBeInTheDocument();
    expect(within(screen.getByRole("list", { name: "Upcoming" })).getAllByRole("listitem")).toHaveLength(2);
  }, 15_000); // a long journey through the form on a shared machine

  it("keeps what was typed and shows the server's message next to the title", async () => {
    const refuse: Handler = () => ({
      status: 400,
      body: {
        error: {
          code: "validation_failed",
          message: "Invalid message",
          fields: { title: "That title is taken by the server" },
        },
      },
    });
    const { user } = renderApp({ ...signedIn, path: "/create-message", api: { "POST /api/messages/save": refuse } });
    const title = await screen.findByLabelText("Title", {}, AFTER_GUARD);
    await user.type(title, "Kept");
    await user.type(screen.getByLabelText("Message"), "Still here");
    await user.click(screen.getByRole("button", { name: "Save message" }));
    expect(await screen.findByText("That title is taken by the server")).toBeInTheDocument();
    expect(title).toHaveValue("Kept");
    expect(screen.getByLabelText("Message")).toHaveValue("Still here");
  });

  it("saves the whole form in one request, and shows a refused condition next to it with nothing saved", async () => {
    const workspace = createFakeWorkspace();
    const grace = workspace.addRecipient({ name: "Grace Hopper", email: "grace@example.com" });
    const refuse: Handler = () => ({
      status: 400,
      body: {
        error: {
          code: "validation_failed",
          message: "A condition can only name recipients of its message.",
          fields: { "add_conditions.0.hours_threshold": "The server refused this interval" },
        },
      },
    });
    const { user, server } = renderApp({
      ...signedIn,
      path: "/create-message",
      workspace,
      api: { "POST /api/messages/save": refuse },
    });
    await user.type(await screen.findByLabelText("Title", {}, AFTER_GUARD), "For Grace");
    await user.click(await screen.findByRole("checkbox", { name: /Grace Hopper/ }));
    await user.click(screen.getByRole("button", { name: /^No check-in/ }));
    await user.click(screen.getByRole("button", { name: "Save message" }));
    expect(await screen.findByText("The server refused this interval")).toBeInTheDocument();
    const writes = server.calls.filter((c) => c.method !== "GET");
    expect(writes.map((c) => `${c.method} ${c.path}`)).toEqual(["POST /api/messages/save"]);
    expect(writes[0]!.body).toMatchObject({
      title: "For Grace",
      recipient_ids: [grace.id],
      add_conditions: [expect.objectContaining({ condition_type: "no_check_in" })],
    });
    expect(workspace.messages).toEqual([]);
    // No "saved as a draft" banner: nothing was stored.
    expect(screen.queryByText(/saved as a draft|itself is saved/)).not.toBeInTheDocument();
  });

  it("edits in one request that carries only what changed", async () => {
    const workspace = createFakeWorkspace();
    const grace = workspace.addRecipient({ name: "Grace Hopper", email: "grace@example.com" });
    const created = workspace.routes["POST /api/messages/save"]!({
      method: "POST",
      path: "",
      params: {},
      body: {
        title: "Before",
        recipient_ids: [grace.id],
        add_conditions: [{ condition_type: "no_check_in", hours_threshold: 24 }],
      },
    }).body as { id: string; conditions: { id: string; last_checked: string }[] };
    const { user, server } = renderApp({ ...signedIn, path: `/message/${created.id}/edit`, workspace });
    const title = await screen.findByLabelText("Title", {}, AFTER_GUARD);
    await user.clear(title);
    await user.type(title, "After");
    await user.click(screen.getByRole("button", { name: "Save changes" }));
    expect(await screen.findByText("Message saved")).toBeInTheDocument();
    const writes = server.calls.filter((c) => c.method !== "GET");
    expect(writes.map((c) => `${c.method} ${c.path}`)).toEqual([`PUT /api/messages/${created.id}`]);
    expect(writes[0]!.body).toMatchObject({
      title: "After",
      recipient_ids: [grace.id],
      add_conditions: [],
      change_conditions: [],
      remove_condition_ids: [],
    });
    // No saved files, so no order to send.
    expect(writes[0]!.body).not.toHaveProperty("attachment_order");
    expect(workspace.messages[0]!.conditions[0]!.last_checked).toBe(created.conditions[0]!.last_checked);
  });

  it("reorders the saved attachments: the save sends the order and the message lists them so", async () => {
    const workspace = createFakeWorkspace();
    const created = workspace.routes["POST /api/messages/save"]!({
      method: "POST",
      path: "",
      params: {},
      body: { title: "Papers" },
    }).body as { id: string };
    const attach = (name: string) => {
      const raw = new FormData();
      raw.append("file", new File(["x"], name, { type: "image/jpeg" }));
      return (
        workspace.routes["POST /api/messages/:id/attachments"]!({
          method: "POST",
          path: "",
          params: { id: created.id },
          body: raw,
        }).body as { id: string }
      ).id;
    };
    const [holiday, passport, will] = [attach("holiday.jpg"), attach("passport.jpg"), attach("will.jpg")];
    const { user, server } = renderApp({ ...signedIn, path: `/message/${created.id}/edit`, workspace });

    const moveUp = (name: string) => screen.getByRole("button", { name: `Move ${name} up` });
    const moveDown = (name: string) => screen.getByRole("button", { name: `Move ${name} down` });
    await screen.findByLabelText("Title", {}, AFTER_GUARD);
    expect(moveUp("holiday.jpg")).toBeDisabled();
    expect(moveDown("holiday.jpg")).toBeEnabled();
    expect(moveUp("will.jpg")).toBeEnabled();
    expect(moveDown("will.jpg")).toBeDisabled();

    await user.click(moveDown("holiday.jpg"));
    expect(moveDown("holiday.jpg")).toHaveFocus();
    await user.click(moveDown("holiday.jpg"));
    // At the end its "down" is disabled, so the focus stays in the row, on "up".
    expect(moveDown("holiday.jpg")).toBeDisabled();
    expect(moveUp("holiday.jpg")).toHaveFocus();
    expect(moveUp("passport.jpg")).toBeDisabled();
    expect(screen.getByText("holiday.jpg moved to position 3 of 3.")).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Save changes" }));
    expect(await screen.findByText("Message saved")).toBeInTheDocument();
    const writes = server.calls.filter((c) => c.method !== "GET");
    expect(writes.map((c) => `${c.method} ${c.path}`)).toEqual([`PUT /api/messages/${created.id}`]);
    expect(writes[0]!.body).toMatchObject({ attachment_order: [passport, will, holiday], remove_attachment_ids: [] });

    await screen.findByRole("heading", { name: "Papers" }, AFTER_GUARD);
    const listed = within(screen.getByRole("list", { name: "Attachments" })).getAllByRole("listitem");
    expect(listed.map((item) => item.textContent)).toEqual([
      expect.stringContaining("passport.jpg"),
      expect.stringContaining("will.jpg"),
      expect.stringContaining("holiday.jpg"),
    ]);
  }, 15_000);

  it("lists each message with its state and deletes one after confirmation", async () => {
    const workspace = createFakeWorkspace();
    const created = workspace.routes["POST /api/messages"]!({
      method: "POST",
      path: "",
      params: {},
      body: { title: "Draft only" },
    }).body as { id: string };
    const { user, router } = renderApp({ ...signedIn, path: "/messages", workspace });
    const list = await screen.findByRole("list", { name: "Messages" }, AFTER_GUARD);
    expect(within(list).getByText("Not ready")).toBeInTheDocument();
    expect(within(list).getByText(/Choose at least one recipient/)).toBeInTheDocument();

    await user.click(within(list).getByRole("link", { name: "Draft only" }));
    await user.click(await screen.findByRole("button", { name: "Delete" }));
    const confirm = await screen.findByRole("alertdialog", { name: "Delete “Draft only”?" });
    await user.click(within(confirm).getByRole("button", { name: "Delete message" }));
    expect(await screen.findByText("Message deleted")).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe("/messages"));
    expect(workspace.messages.find((m) => m.id === created.id)).toBeUndefined();
    expect(await screen.findByRole("heading", { name: "No messages yet" })).toBeInTheDocument();
  });

  it("offers 'Add recipients first' only to someone without recipients", async () => {
    const workspace = createFakeWorkspace();
    workspace.addRecipient({ name: "Grace Hopper", email: "grace@example.com" });
    renderApp({ ...signedIn, path: "/messages", workspace });
    expect(await screen.findByRole("heading", { name: "No messages yet" }, AFTER_GUARD)).toBeInTheDocument();
    expect(await screen.findByRole("link", { name: "Your recipients (1)" })).toBeInTheDocument();
    expect(screen.queryByRole("link", { name: "Add recipients first" })).not.toBeInTheDocument();
  });

  it("names the condition and its problem when Save is pressed on an invalid condition", async () => {
    const { user, server } = renderApp({ ...signedIn, path: "/create-message" });
    await user.type(await screen.findByLabelText("Title", {}, AFTER_GUARD), "Walk home");
    await user.click(screen.getByRole("button", { name: /^No check-in/ }));
    const group = screen.getByRole("group", { name: /^No check-in/ });
    await user.clear(within(group).getByLabelText("Days"));
    await user.type(within(group).getByLabelText("Minutes"), "4");
    await user.click(screen.getByRole("button", { name: "Save message" }));
    expect(await screen.findByText("Please check the form")).toBeInTheDocument();
    expect(screen.getByText(/^No check-in: Choose at least 5 minutes between check-ins/)).toBeInTheDocument();
    expect(server.calls.some((call) => call.method === "POST")).toBe(false);
  });

  it("shows one 'Please check the form' however often Save is pressed, with the problem under its field", async () => {
    const { user } = renderApp({ ...signedIn, path: "/create-message" });
    await user.type(await screen.findByLabelText("Title", {}, AFTER_GUARD), "Walk home");
    await user.click(screen.getByRole("button", { name: /^No check-in/ }));
    const group = screen.getByRole("group", { name: /^No check-in/ });
    await user.clear(within(group).getByLabelText("Days"));
    await user.type(within(group).getByLabelText("Minutes"), "4");
    for (let press = 0; press < 3; press++) await user.click(screen.getByRole("button", { name: "Save message" }));
    expect(await screen.findByText("Please check the form")).toBeInTheDocument();
    // Every toast raised has had its turn to show.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(screen.getAllByText("Please check the form")).toHaveLength(1);
    expect(within(group).getByText("Choose at least 5 minutes between check-ins")).toBeInTheDocument();
  });

  it("shows the message-not-found view for an id the server does not know", async () => {
    renderApp({ ...signedIn, path: "/message/00000000-0000-4000-8000-00000000dead/edit" });
    expect(await screen.findByRole("heading", { name: "Message not found" }, AFTER_GUARD)).toBeInTheDocument();
  });
});

describe("the recipients page", () => {
  it("tells a new user what to do, adds, edits and deletes a recipient", async () => {
    const { user, workspace } = renderApp({ ...signedIn, path: "/recipients" });
    expect(await screen.findByRole("heading", { name: "No recipients yet" }, AFTER_GUARD)).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Add recipient" }));
    const dialog = await screen.findByRole("dialog", { name: "Add a recipient" });
    // Its buttons stay in view while the form scrolls (they were cut off on a 375 px phone).
    expect(within(dialog).getByRole("button", { name: "Cancel" }).parentElement).toHaveClass("sticky");
    await user.type(within(dialog).getByLabelText("Name"), "Alan");
    await user.click(within(dialog).getByRole("button", { name: "Add recipient" }));
    expect(
      await within(dialog).findByText("Give an e-mail address or a phone number so they can be reached"),
    ).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText("Phone number"), "+44 7700 900456");
    expect(within(dialog).getByRole("checkbox", { name: "WhatsApp" })).toBeChecked();
    await user.click(within(dialog).getByRole("button", { name: "Add recipient" }));
    expect(await screen.findByText("Recipient added")).toBeInTheDocument();
    expect(workspace.recipients[0]).toMatchObject({ name: "Alan", phone: "+447700900456", channels: ["whatsapp"] });

    await user.click(await screen.findByRole("button", { name: "Edit Alan" }));
    const edit = await screen.findByRole("dialog", { name: "Edit Alan" });
    await user.type(within(edit).getByLabelText("Name"), " Turing");
    await user.click(within(edit).getByRole("button", { name: "Save recipient" }));
    expect(await screen.findByText("Recipient updated")).toBeInTheDocument();

    await user.click(await screen.findByRole("button", { name: "Delete Alan Turing" }));
    await user.click(within(await screen.findByRole("alertdialog")).getByRole("button", { name: "Delete recipient" }));
    expect(await screen.findByText("Recipient deleted")).toBeInTheDocument();
    expect(workspace.recipients).toHaveLength(0);
  });
});
