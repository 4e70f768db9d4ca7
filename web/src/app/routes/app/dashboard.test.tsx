import { screen, within } from "@testing-library/react";
import type { ChannelsInfo } from "@trigger-switch/contracts";
import { describe, expect, it } from "vitest";
import { createFakeWorkspace } from "@/testing/fake-workspace";
import { makeProfile } from "@/testing/fakes";
import { channelsOff, renderApp } from "@/testing/render-app";
import { countdownText } from "@/features/dashboard/utils/countdown-text";

const AFTER_GUARD = { timeout: 5000 };
const signedIn = { signedIn: true, profile: makeProfile() } as const;
const HOUR = 3_600_000;

/** A message for one recipient with the given condition, straight into the fake server. */
function workspaceWith(
  condition: Record<string, unknown>,
  title = "For Grace",
  recipient: { email?: string; phone?: string } = { email: "grace@example.com" },
  channels: ChannelsInfo = channelsOff,
) {
  const workspace = createFakeWorkspace("UTC", channels);
  const grace = workspace.addRecipient({ name: "Grace Hopper", ...recipient });
  const call = (key: string, params: Record<string, string>, body: unknown) =>
    workspace.routes[key]!({ method: key.split(" ")[0]!, path: "", params, body }).body as { id: string };
  const message = call("POST /api/messages", {}, { title, text_content: "The papers are in the blue folder." });
  call("PUT /api/messages/:id/recipients", { id: message.id }, { recipient_ids: [grace.id] });
  call("POST /api/messages/:id/conditions", { id: message.id }, condition);
  return { workspace, messageId: message.id };
}

describe("the dashboard's countdown", () => {
  it("says the time left in units, never as a clock time", () => {
    expect(countdownText(10 * HOUR + 19 * 60_000 + 48_000)).toBe("10 h 19 min left");
    expect(countdownText(2 * 24 * HOUR + 3 * HOUR)).toBe("2 days 3 h left");
    expect(countdownText(24 * HOUR)).toBe("1 day left");
    expect(countdownText(42 * 60_000 + 5_000)).toBe("42 min 5 s left");
    expect(countdownText(9_000)).toBe("9 s left");
    expect(countdownText(0)).toBe("Due now");
    expect(countdownText(-5_000)).toBe("Due now");
  });

  it("shows the next deadline in words and counts what will go out if triggered", async () => {
    const { workspace } = workspaceWith({ condition_type: "no_check_in", hours_threshold: 10, minutes_threshold: 30 });
    renderApp({ ...signedIn, path: "/dashboard", workspace });
    const timer = await screen.findByRole("timer", {}, AFTER_GUARD);
    expect(timer).toHaveTextContent(/^10 h (29|30) min left$/);
    expect(timer).not.toHaveTextContent(/\d\d:\d\d:\d\d/);
    const counts = screen.getByRole("list", { name: "Counts" });
    expect(within(counts).getByText("Will go out if triggered")).toBeInTheDocument();
    expect(within(counts).queryByText("Ready to send")).not.toBeInTheDocument();
  });
});

describe("a message whose only recipient has only a phone number", () => {
  const phoneOnly = { phone: "+447700900123" };
  const sendsWhatsApp: ChannelsInfo = {
    ...channelsOff,
    whatsapp: {
      available: true,
      local: false,
      missing: [],
      uses: { check_in: true, verification: true, owner_reminders: true, deliveries: true, trusted_contacts: false },
    },
  };
  const counted = async () => {
    const counts = await screen.findByRole("list", { name: "Counts" }, AFTER_GUARD);
    return within(counts).getByText("Will go out if triggered").previousElementSibling;
  };
  const armed = { condition_type: "no_check_in", hours_threshold: 24 };

  it("counts as going out if triggered where this server sends WhatsApp, and its page says nothing is missing", async () => {
    const { workspace, messageId } = workspaceWith(armed, "For Grace", phoneOnly, sendsWhatsApp);
    const { unmount } = renderApp({ ...signedIn, path: "/dashboard", workspace });
    expect(await counted()).toHaveTextContent("1");
    unmount();
    renderApp({ ...signedIn, path: `/message/${messageId}`, workspace });
    await screen.findByRole("heading", { name: "For Grace" }, AFTER_GUARD);
    expect(screen.queryByText(/Not ready/)).not.toBeInTheDocument();
    expect(screen.queryByText(/will not receive this message/)).not.toBeInTheDocument();
  });

  it("is left out where WhatsApp is off, and its page says what is off and what to do", async () => {
    const off: ChannelsInfo = {
      ...channelsOff,
      email: { available: true, transport: "smtp" },
      whatsapp: { ...channelsOff.whatsapp, local: false },
      sms: { ...channelsOff.sms, local: false },
    };
    const { workspace, messageId } = workspaceWith(armed, "For Grace", phoneOnly, off);
    const { unmount } = renderApp({ ...signedIn, path: "/dashboard", workspace });
    expect(await counted()).toHaveTextContent("0");
    unmount();
    renderApp({ ...signedIn, path: `/message/${messageId}`, workspace });
    await screen.findByRole("heading", { name: "For Grace" }, AFTER_GUARD);
    expect(
      screen.getAllByText(
        "Grace Hopper can be reached only by WhatsApp, which this server does not send (its operator has not set it up): add Grace Hopper's e-mail address, or Grace Hopper will not receive this message.",
      ).length,
    ).toBeGreaterThan(0);
  });
});

describe("a delivery date cancelled by a check-in", () => {
  function cancelledWorkspace() {
    const deliverAt = new Date(Date.now() + 48 * HOUR).toISOString();
    const made = workspaceWith({ condition_type: "inactivity_to_date", deliver_at: deliverAt });
    // What the server holds after a check-in: last_checked later than armed_at, still active and armed.
    const stored = made.workspace.messages[0]!.conditions[0]!;
    stored.armed_at = new Date(Date.now() - HOUR).toISOString();
    stored.last_checked = new Date(Date.now() - 60_000).toISOString();
    return made;
  }

  it("is neither shown as armed nor counted on the dashboard", async () => {
    const { workspace } = cancelledWorkspace();
    renderApp({ ...signedIn, path: "/dashboard", workspace });
    const counts = await screen.findByRole("list", { name: "Counts" }, AFTER_GUARD);
    const armed = within(counts).getByText("Armed conditions").previousElementSibling;
    expect(armed).toHaveTextContent("0");
    expect(within(counts).getByText("Will go out if triggered").previousElementSibling).toHaveTextContent("0");
    expect(screen.getByText(/Nothing is scheduled to go out/)).toBeInTheDocument();
  });

  it("reads Cancelled on its page, with its switch off, and no 'needs attention' banner", async () => {
    const { workspace, messageId } = cancelledWorkspace();
    renderApp({ ...signedIn, path: `/message/${messageId}`, workspace });
    await screen.findByRole("heading", { name: "For Grace" }, AFTER_GUARD);
    expect(screen.queryByText("Armed", { selector: "span" })).not.toBeInTheDocument();
    expect(screen.getAllByText("Cancelled").length).toBeGreaterThan(0);
    expect(screen.getByRole("switch", { name: /armed/ })).not.toBeChecked();
    expect(
      screen.getAllByText(/Will not go out on \w{3} .+: you checked in on \w{3} \d\d:\d\d\./).length,
    ).toBeGreaterThan(0);
    expect(screen.queryByText(/needs attention/)).not.toBeInTheDocument();
  });
});

describe("the message page and the signed-in footer", () => {
  it("link to the message's diagnostics and the service status", async () => {
    const { workspace, messageId } = workspaceWith({ condition_type: "no_check_in", hours_threshold: 24 });
    renderApp({ ...signedIn, path: `/message/${messageId}`, workspace });
    await screen.findByRole("heading", { name: "For Grace" }, AFTER_GUARD);
    expect(screen.getByRole("link", { name: /Diagnostics: every reminder and delivery attempt/ })).toHaveAttribute(
      "href",
      `/diagnostic/message/${messageId}`,
    );
    expect(within(screen.getByRole("contentinfo")).getByRole("link", { name: "Service status" })).toHaveAttribute(
      "href",
      "/diagnostic",
    );
  });
});

describe("a delivered message", () => {
  it("says it went out, without the amber 'needs attention' banner", async () => {
    const { workspace, messageId } = workspaceWith({ condition_type: "no_check_in", hours_threshold: 1 });
    workspace.messages[0]!.conditions[0]!.active = false;
    renderApp({ ...signedIn, path: `/message/${messageId}`, workspace });
    await screen.findByRole("heading", { name: "For Grace" }, AFTER_GUARD);
    expect(screen.getByText("Delivered", { selector: "span" })).toBeInTheDocument();
    expect(screen.getByText(/this message went out/)).toBeInTheDocument();
    expect(screen.queryByText(/needs attention/)).not.toBeInTheDocument();
  });
});
