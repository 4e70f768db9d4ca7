import type { BillingOverview, Plan } from "@trigger-switch/contracts";
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { makeProfile } from "@/testing/fakes";
import { renderApp } from "@/testing/render-app";

// The guard holds every page for 500 ms, and the first test also loads the page's lazy chunk.
const AFTER_GUARD = { timeout: 5000 };
const plan = (id: "free" | "plus", prices: Plan["prices"] = []): Plan => ({
  id,
  name: id === "free" ? "Free" : "Plus",
  max_messages: id === "free" ? 3 : 100,
  max_recipients: id === "free" ? 5 : 200,
  max_attachments_per_message: id === "free" ? 3 : 10,
  max_attachment_bytes: (id === "free" ? 10 : 25) * 1024 * 1024,
  min_check_in_minutes: id === "free" ? 1440 : 5,
  channels: id === "free" ? ["email"] : ["email", "whatsapp", "sms"],
  prices,
});
const overview = (o: Partial<BillingOverview> = {}): BillingOverview => ({
  billing_enabled: true,
  plan: "free",
  plans: [plan("free"), plan("plus", [{ interval: "month", amount: 400, currency: "eur" }])],
  usage: { messages: 1, recipients: 2, max_attachments_on_a_message: 0, short_interval_switches: 0 },
  subscription: null,
  over_limit: [],
  server_channels: ["email"],
  channel_changes: [],
  ...o,
});
const plusSub = {
  status: "active",
  interval: "month",
  amount: 400,
  currency: "eur",
  current_period_end: "2026-12-24T10:00:00.000Z",
  cancel_at_period_end: false,
  ends_at: null,
  payment_problem: false,
  ended_at: null,
};

describe("the subscription page", () => {
  it("with billing off says so, shows the operator's plan and offers nothing to buy", async () => {
    renderApp({
      path: "/subscription",
      signedIn: true,
      profile: makeProfile(),
      api: {
        "GET /api/billing": () => ({
          body: overview({ billing_enabled: false, plan: "plus", plans: [plan("free"), plan("plus")] }),
        }),
      },
    });
    expect(await screen.findByText(/Billing is off on this server/, {}, AFTER_GUARD)).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Plus plan" })).toBeInTheDocument();
    expect(screen.getByText(/Billing is off on this server/)).toBeInTheDocument();
    expect(screen.getByText(/chosen by its operator\. There is nothing to pay\./)).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /Upgrade/ })).not.toBeInTheDocument();
    expect(screen.queryByText("What Plus adds")).not.toBeInTheDocument();
  });

  it("on Free shows usage bars, what Plus adds with Stripe's price, and never promises channels this server lacks", async () => {
    renderApp({
      path: "/subscription",
      signedIn: true,
      profile: makeProfile(),
      api: { "GET /api/billing": () => ({ body: overview() }) },
    });
    expect(await screen.findByText("What Plus adds", {}, AFTER_GUARD)).toBeInTheDocument();
    expect(screen.getByLabelText("Messages: 1 of 3")).toBeInTheDocument();
    expect(screen.getByLabelText("Recipients: 2 of 5")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: /Upgrade — €4\.00 per month/ })).toBeInTheDocument();
    expect(screen.getByText("Check-in intervals from 5 minutes (instead of 1 day)")).toBeInTheDocument();
    expect(document.body.textContent).not.toMatch(/WhatsApp|SMS/);
  });

  it("after a downgrade says nothing was switched off and lists each limit exceeded; a failed payment is red", async () => {
    const over = [
      "You have 7 messages and your Free plan allows 3. All of them stay, and their armed switches keep running. To write a new one, delete 5 messages, or upgrade to Plus.",
    ];
    renderApp({
      path: "/subscription",
      signedIn: true,
      profile: makeProfile(),
      api: {
        "GET /api/billing": () => ({
          body: overview({
            over_limit: over,
            usage: { messages: 7, recipients: 0, max_attachments_on_a_message: 0, short_interval_switches: 0 },
            subscription: { ...plusSub, status: "unpaid", payment_problem: true, ended_at: "2026-11-20T10:00:00.000Z" },
          }),
        }),
      },
    });
    expect(
      await screen.findByText("You are over your plan's limits. Nothing was switched off.", {}, AFTER_GUARD),
    ).toBeInTheDocument();
    expect(screen.getByText(over[0]!)).toBeInTheDocument();
    expect(screen.getByRole("alert")).toHaveTextContent("Your last payment did not go through.");
    expect(screen.getByText("7 of 3 (over the limit)")).toBeInTheDocument();
  });

  it("on Plus shows the next charge, and cancels only after a confirmation that says nothing is switched off", async () => {
    const { user, server } = renderApp({
      path: "/subscription",
      signedIn: true,
      profile: makeProfile(),
      api: {
        "GET /api/billing": () => ({ body: overview({ plan: "plus", subscription: plusSub }) }),
        "GET /api/billing/invoices": () => ({ body: [] }),
        "POST /api/billing/cancel": () => ({
          body: overview({
            plan: "plus",
            subscription: { ...plusSub, cancel_at_period_end: true, ends_at: plusSub.current_period_end },
          }),
        }),
      },
    });
    expect(await screen.findByText(/€4\.00 per month\. Next charge on/, {}, AFTER_GUARD)).toBeInTheDocument();
    expect(await screen.findByText("No invoices yet. They appear here after your first payment.")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Cancel Plus" }));
    const dialog = screen.getByRole("alertdialog");
    expect(dialog).toHaveTextContent("Nothing is switched off");
    expect(server.calls.some((c) => c.path === "/api/billing/cancel")).toBe(false);
    await user.click(within(dialog).getByRole("button", { name: "Cancel Plus" }));
    expect(await screen.findByRole("button", { name: "Keep Plus" })).toBeInTheDocument();
    expect(screen.getByText(/Cancelled: you keep Plus until/)).toBeInTheDocument();
  });

  it("names WhatsApp among what Plus adds only when this server sends by it", async () => {
    renderApp({
      path: "/subscription",
      signedIn: true,
      profile: makeProfile(),
      api: { "GET /api/billing": () => ({ body: overview({ server_channels: ["email", "whatsapp"] }) }) },
    });
    expect(await screen.findByText("What Plus adds", {}, AFTER_GUARD)).toBeInTheDocument();
    expect(
      screen.getByText(
        "Messages delivered to your recipients by WhatsApp, and your check-in reminders by WhatsApp too",
      ),
    ).toBeInTheDocument();
    expect(screen.getByText("Delivery by e-mail")).toBeInTheDocument();
    expect(document.body.textContent).not.toMatch(/SMS/);
  });

  it("on Plus lists its channels, and what Free would change for reminders by phone", async () => {
    renderApp({
      path: "/subscription",
      signedIn: true,
      profile: makeProfile(),
      api: {
        "GET /api/billing": () => ({
          body: overview({ plan: "plus", subscription: plusSub, server_channels: ["email", "whatsapp", "sms"] }),
        }),
        "GET /api/billing/invoices": () => ({ body: [] }),
      },
    });
    expect(
      await screen.findByText("Delivery and reminders by e-mail, WhatsApp and SMS", {}, AFTER_GUARD),
    ).toBeInTheDocument();
    expect(screen.getByText(/Your check-in reminders would come by e-mail only; recipients keep/)).toBeInTheDocument();
  });

  it("tells a former subscriber when their Plus ended and that they are on Free, and what changed for reminders", async () => {
    const changes = [
      "Your check-in reminders by WhatsApp have stopped: your Free plan reminds by e-mail only, so they now come by e-mail. Your choice is kept and used again if you upgrade to Plus.",
    ];
    renderApp({
      path: "/subscription",
      signedIn: true,
      profile: makeProfile(),
      api: {
        "GET /api/billing": () => ({
          body: overview({
            subscription: { ...plusSub, status: "canceled", ended_at: "2026-11-20T10:00:00.000Z" },
            server_channels: ["email", "whatsapp"],
            channel_changes: changes,
          }),
        }),
        "GET /api/billing/invoices": () => ({ body: [] }),
      },
    });
    expect(
      await screen.findByText(
        /^Your Plus subscription ended on .*20.*\. You are on the Free plan now\.$/,
        {},
        AFTER_GUARD,
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText(/no card on file/)).not.toBeInTheDocument();
    // The badge beside "Free plan" says what ended: Plus, not the Free plan.
    expect(screen.getByText("Free plan")).toBeInTheDocument();
    expect(screen.getByText("Plus ended")).toBeInTheDocument();
    expect(screen.queryByText("Ended")).not.toBeInTheDocument();
    expect(screen.getByText("What your plan changes for messages by phone")).toBeInTheDocument();
    expect(screen.getByText(changes[0]!)).toBeInTheDocument();
  });

  it("says why Plus ended for an unpaid or never-started subscription", async () => {
    for (const [status, line] of [
      [
        "unpaid",
        /^Your Plus subscription ended on .* because its payment did not go through\. You are on the Free plan now\.$/,
      ],
      [
        "incomplete_expired",
        /^Your Plus subscription ended on .* before it started: its first payment was not completed\. You are on the Free plan now\.$/,
      ],
    ] as const) {
      const { unmount } = renderApp({
        path: "/subscription",
        signedIn: true,
        profile: makeProfile(),
        api: {
          "GET /api/billing": () => ({
            body: overview({
              subscription: {
                ...plusSub,
                status,
                ended_at: "2026-11-20T10:00:00.000Z",
                payment_problem: status === "unpaid",
              },
            }),
          }),
          "GET /api/billing/invoices": () => ({ body: [] }),
        },
      });
      expect(await screen.findByText(line, {}, AFTER_GUARD)).toBeInTheDocument();
      expect(screen.queryByText(/no card on file/)).not.toBeInTheDocument();
      unmount();
    }
  });

  it("on a failed payment says Plus continues while Stripe retries, with no next charge promised", async () => {
    renderApp({
      path: "/subscription",
      signedIn: true,
      profile: makeProfile(),
      api: {
        "GET /api/billing": () => ({
          body: overview({ plan: "plus", subscription: { ...plusSub, status: "past_due", payment_problem: true } }),
        }),
        "GET /api/billing/invoices": () => ({ body: [] }),
      },
    });
    expect(
      await screen.findByText(
        "Your last payment did not go through. You keep Plus while Stripe tries the card again; check or update it with Manage billing.",
        {},
        AFTER_GUARD,
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText(/Next charge/)).not.toBeInTheDocument();
    expect(screen.getByText("Payment failed")).toBeInTheDocument();
  });
});
