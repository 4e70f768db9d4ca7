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

  it("on Free shows usage bars, what Plus adds with Stripe's price, and never promises channels that do not exist", async () => {
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
      "You have 4 messages and your Free plan allows 3. All of them stay, and their armed switches keep running; to write a new one, delete 2, or upgrade to Plus.",
    ];
    renderApp({
      path: "/subscription",
      signedIn: true,
      profile: makeProfile(),
      api: {
        "GET /api/billing": () => ({
          body: overview({
            over_limit: over,
            usage: { messages: 4, recipients: 0, max_attachments_on_a_message: 0, short_interval_switches: 0 },
            subscription: { ...plusSub, status: "unpaid", payment_problem: true },
          }),
        }),
      },
    });
    expect(
      await screen.findByText("You are over your plan's limits. Nothing was switched off.", {}, AFTER_GUARD),
    ).toBeInTheDocument();
    expect(screen.getByText(over[0]!)).toBeInTheDocument();
    expect(screen.getByRole("alert")).toHaveTextContent("Your last payment did not go through.");
    expect(screen.getByText("4 of 3 (over the limit)")).toBeInTheDocument();
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
});
