import type { AdminUser, AuditEntry, EngineOverview, StuckDelivery } from "@trigger-switch/contracts";
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { EMAIL, makeProfile, USER_ID } from "@/testing/fakes";
import { renderApp, type RenderAppOptions } from "@/testing/render-app";

// The guard holds every page for 500 ms, and the first test also loads the page's lazy chunk.
const AFTER_GUARD = { timeout: 5000 };

const account = (overrides: Partial<AdminUser>): AdminUser => ({
  id: "u-other",
  email: "someone@example.com",
  created_at: "2026-03-01T10:00:00.000Z",
  email_confirmed: true,
  plan: "plus",
  last_check_in: null,
  messages: 1,
  armed_switches: 1,
  held_switches: 0,
  disabled: false,
  admin_address: false,
  ...overrides,
});
const LONG = "margaret.hamilton-apollo-guidance.computer@mission-control.example.com";
const others = account({ id: "u-long", email: LONG });
const self = account({ id: USER_ID, email: EMAIL, admin_address: true });

const engine: EngineOverview = {
  checked_at: "2026-03-01T12:00:00.000Z",
  backlog: { reminder: 0, final_delivery: 0, notice: 3 },
  claimed: 0,
  parked: 0,
  notices_retrying: 2,
  notices_given_up: 1,
  oldest_due_lateness_seconds: null,
  lateness_last_hour: { count: 0, p50_seconds: null, p99_seconds: null },
  sends_per_minute: [],
  failures_last_hour: 0,
  workers: [{ id: "host:1:abc", last_beat_at: "2026-03-01T11:59:59.000Z", age_seconds: 1, claimed: 0 }],
};
const failedNotice: StuckDelivery = {
  id: "n1",
  status: "parked",
  reminder_type: "notice",
  owner_email: "owner@example.com",
  notice: { to: "owner", topic: "account" },
  message_id: null,
  condition_id: null,
  deadline: null,
  scheduled_at: "2026-03-01T10:00:00.000Z",
  attempts: 1,
  next_attempt_at: null,
  last_error: "SMTP 550 mailbox unavailable",
  deliveries: [
    {
      kind: "notice",
      channel: "email",
      address: "owner@example.com",
      status: "failed",
      attempts: 1,
      last_error: "SMTP 550 mailbox unavailable",
    },
  ],
};

const parkedWhatsApp: StuckDelivery = {
  ...failedNotice,
  id: "s9",
  reminder_type: "final_delivery",
  notice: null,
  message_id: "m1",
  condition_id: "c1",
  deadline: "2026-03-01T10:00:00.000Z",
  last_error: "+447700900123: Every channel failed: whatsapp: Message undeliverable (131026)",
  deliveries: [
    {
      kind: "release",
      channel: "whatsapp",
      address: "+447700900123",
      status: "failed",
      attempts: 1,
      last_error: "Every channel failed: whatsapp: Message undeliverable (131026)",
    },
  ],
};

function setup(api: RenderAppOptions["api"] = {}) {
  return renderApp({
    path: "/admin",
    signedIn: true,
    isAdmin: true,
    profile: makeProfile(),
    api: {
      "GET /api/admin/engine": () => ({ body: engine }),
      "GET /api/admin/users": () => ({ body: { users: [self, others], total: 2 } }),
      "GET /api/admin/deliveries": () => ({ body: [failedNotice] }),
      "GET /api/admin/audit": () => ({ body: { entries: [], total: 0 } }),
      ...api,
    },
  });
}

const posts = (server: ReturnType<typeof setup>["server"]) =>
  server.calls.filter((c) => c.method === "POST").map((c) => ({ path: c.path, body: c.body }));

describe("the admin's users", () => {
  it("wraps addresses at the @ and dots, never mid-word, instead of cutting them off", async () => {
    const { user } = setup();
    await user.click(await screen.findByRole("tab", { name: "Users" }, AFTER_GUARD));
    const row = (
      await screen.findByText((_, el) => el?.tagName === "LI" && el.textContent?.includes(LONG) === true)
    ).closest("li")!;
    // The EmailAddress span itself: the one whose own children are the address's parts and <wbr>s.
    const address = [...row.querySelectorAll("span")].find(
      (el) => el.textContent === LONG && el.querySelector(":scope > wbr") !== null,
    )!;
    // A break opportunity before each dot and around the @; the parts themselves stay whole.
    const parts = [...address.childNodes].filter((n) => n.nodeType === Node.TEXT_NODE).map((n) => n.textContent);
    expect(parts).toEqual([
      "margaret",
      ".hamilton-apollo-guidance",
      ".computer",
      "@",
      "mission-control",
      ".example",
      ".com",
    ]);
    expect(address.className).toContain("[overflow-wrap:anywhere]");
    expect(row.querySelector(".truncate")).toBeNull();
  });

  it("offers no Disable on the admin's own row, so they cannot lock themselves out", async () => {
    const { user } = setup();
    await user.click(await screen.findByRole("tab", { name: "Users" }, AFTER_GUARD));
    const mine = (await screen.findByText("You")).closest("li")!;
    expect(within(mine).queryByRole("button", { name: "Disable" })).toBeNull();
    expect(within(mine).getByText("Your own account: another admin can disable it.")).toBeInTheDocument();
    const theirs = screen.getAllByRole("listitem").find((li) => li !== mine && li.textContent?.includes(LONG));
    expect(within(theirs!).getByRole("button", { name: "Disable" })).toBeInTheDocument();
  });

  it("sends the optional reason with a disable, and refuses one that is too long before sending", async () => {
    const { user, server } = setup({
      "POST /api/admin/users/:id/disable": () => ({
        body: { user: { ...others, disabled: true }, held: 1, rearmed: 0, not_rearmed: [] },
      }),
    });
    await user.click(await screen.findByRole("tab", { name: "Users" }, AFTER_GUARD));
    const theirs = (await screen.findAllByRole("listitem")).find((li) => li.textContent?.includes(LONG))!;
    await user.click(within(theirs).getByRole("button", { name: "Disable" }));
    const dialog = await screen.findByRole("alertdialog");
    const reason = within(dialog).getByLabelText("Reason (optional)");
    await user.click(reason);
    await user.paste("x".repeat(501));
    expect(within(dialog).getByText(/The reason can be at most 500 characters/)).toBeInTheDocument();
    expect(within(dialog).getByRole("button", { name: "Disable account" })).toBeDisabled();
    await user.clear(reason);
    await user.type(reason, "  reported abuse  ");
    await user.click(within(dialog).getByRole("button", { name: "Disable account" }));
    expect(await screen.findByText("Account disabled")).toBeInTheDocument();
    expect(posts(server)).toEqual([{ path: "/api/admin/users/u-long/disable", body: { reason: "reported abuse" } }]);
  });
});

describe("the admin's stuck deliveries", () => {
  it("lists a failed owner notice by what it is about and whom it goes to, and retries it with a reason", async () => {
    const { user, server } = setup({ "POST /api/admin/deliveries/:id/retry": () => ({ body: { ok: true } }) });
    await user.click(await screen.findByRole("tab", { name: "Deliveries" }, AFTER_GUARD));
    const row = (await screen.findByText("Owner notice: account disabled or enabled")).closest("li")!;
    expect(row).toHaveTextContent("to owner@example.com");
    expect(row).toHaveTextContent("Parked");
    await user.click(within(row).getByRole("button", { name: "Retry now" }));
    const dialog = await screen.findByRole("alertdialog");
    await user.type(within(dialog).getByLabelText("Reason (optional)"), "mailbox fixed");
    await user.click(within(dialog).getByRole("button", { name: "Retry now" }));
    expect(await screen.findByText("Retry queued")).toBeInTheDocument();
    expect(posts(server)).toEqual([{ path: "/api/admin/deliveries/n1/retry", body: { reason: "mailbox fixed" } }]);
  });

  it("discards a failed notice without a reason when none is given", async () => {
    const { user, server } = setup({ "POST /api/admin/deliveries/:id/discard": () => ({ body: { ok: true } }) });
    await user.click(await screen.findByRole("tab", { name: "Deliveries" }, AFTER_GUARD));
    const row = (await screen.findByText("Owner notice: account disabled or enabled")).closest("li")!;
    await user.click(within(row).getByRole("button", { name: "Discard" }));
    const dialog = await screen.findByRole("alertdialog");
    expect(dialog).toHaveTextContent("Discard this notice for good?");
    await user.click(within(dialog).getByRole("button", { name: "Discard" }));
    expect(await screen.findByText("Notice discarded")).toBeInTheDocument();
    expect(posts(server)).toEqual([{ path: "/api/admin/deliveries/n1/discard", body: {} }]);
  });

  it("names the channel a parked release was tried on, with the number, as people name it", async () => {
    const { user } = setup({ "GET /api/admin/deliveries": () => ({ body: [parkedWhatsApp] }) });
    await user.click(await screen.findByRole("tab", { name: "Deliveries" }, AFTER_GUARD));
    const send = await screen.findByText(
      (_, el) => el?.tagName === "SPAN" && el.textContent === "WhatsApp to +447700900123",
    );
    expect(send).toBeInTheDocument();
    expect(screen.queryByText(/email to/i)).not.toBeInTheDocument();
  });

  it("counts notices in the engine's figures", async () => {
    setup();
    const due = (await screen.findByText("Notices due now", {}, AFTER_GUARD)).parentElement!;
    expect(due).toHaveTextContent("3");
    expect(screen.getByText("Notices retrying after a failure").parentElement).toHaveTextContent("2");
    expect(screen.getByText("Notices given up (need a person)").parentElement).toHaveTextContent("1");
  });

  it("names each channel of the sends per minute as people name it", async () => {
    setup({
      "GET /api/admin/engine": () => ({
        body: {
          ...engine,
          sends_per_minute: [
            { minute: "2026-03-01T11:59:00.000Z", channel: "sms", sent: 1, failed: 0 },
            { minute: "2026-03-01T11:59:00.000Z", channel: "email", sent: 2, failed: 1 },
          ],
        },
      }),
    });
    const list = await screen.findByText("Sends per channel per minute", {}, AFTER_GUARD);
    const rows = within(list.closest("section, div")!.parentElement!).getAllByRole("listitem");
    expect(rows.map((r) => r.textContent)).toEqual(["11:59 UTCSMS1 sent", "11:59 UTCE-mail2 sent, 1 failed"]);
  });
});

describe("the admin's audit log", () => {
  it("shows the reason given for an action", async () => {
    const entry: AuditEntry = {
      id: "a1",
      created_at: "2026-03-01T12:00:00.000Z",
      admin_email: EMAIL,
      action: "delivery.retry",
      target_type: "notice",
      target_id: "n1",
      details: { reason: "mailbox fixed", to: "owner@example.com", topic: "account" },
      ip: "127.0.0.1",
      user_agent: null,
    };
    const { user } = setup({ "GET /api/admin/audit": () => ({ body: { entries: [entry], total: 1 } }) });
    await user.click(await screen.findByRole("tab", { name: "Audit log" }, AFTER_GUARD));
    const row = (await screen.findByText("Reason: mailbox fixed")).closest("li")!;
    expect(row).toHaveTextContent(`${EMAIL} retried a notice to owner@example.com`);
  });
});
