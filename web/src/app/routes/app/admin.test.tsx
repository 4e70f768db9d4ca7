import type { EngineOverview, StuckDelivery } from "@trigger-switch/contracts";
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { makeProfile } from "@/testing/fakes";
import { renderApp } from "@/testing/render-app";

// The guard holds every page for 500 ms, and the first test also loads the page's lazy chunk.
const AFTER_GUARD = { timeout: 5000 };
const engine: EngineOverview = {
  checked_at: "2026-03-01T12:00:00.000Z",
  backlog: { reminder: 2, final_delivery: 1, notice: 0 },
  claimed: 0,
  parked: 1,
  notices_retrying: 0,
  notices_given_up: 0,
  oldest_due_lateness_seconds: 95,
  lateness_last_hour: { count: 10, p50_seconds: 0.4, p99_seconds: 3 },
  sends_per_minute: [{ minute: "2026-03-01T11:59:00Z", channel: "email", sent: 4, failed: 1 }],
  failures_last_hour: 1,
  workers: [{ id: "host:1:abc", last_beat_at: "2026-03-01T11:59:59.000Z", age_seconds: 1, claimed: 0 }],
};
const parked: StuckDelivery = {
  id: "r1",
  status: "parked",
  reminder_type: "final_delivery",
  owner_email: "owner@example.com",
  notice: null,
  message_id: "m1",
  condition_id: "c1",
  deadline: "2026-03-01T10:00:00.000Z",
  scheduled_at: "2026-03-01T10:00:00.000Z",
  attempts: 6,
  next_attempt_at: null,
  last_error: "sam@example.com: SMTP 550 mailbox unavailable",
  deliveries: [
    {
      kind: "release",
      channel: "email",
      address: "sam@example.com",
      status: "failed",
      attempts: 6,
      last_error: "SMTP 550 mailbox unavailable",
    },
  ],
};

describe("the admin page", () => {
  it("tells a user who is not an admin that it is not for them, and asks the admin API nothing", async () => {
    const { server } = renderApp({ path: "/admin", signedIn: true, profile: makeProfile() });
    expect(await screen.findByText("You do not have access to this page.", {}, AFTER_GUARD)).toBeInTheDocument();
    expect(server.calls.some((c) => c.path.startsWith("/api/admin"))).toBe(false);
  });

  it("shows the engine's figures and lets an admin retry a parked delivery", async () => {
    const { user, server } = renderApp({
      path: "/admin",
      signedIn: true,
      isAdmin: true,
      profile: makeProfile(),
      api: {
        "GET /api/admin/engine": () => ({ body: engine }),
        "GET /api/admin/deliveries": () => ({ body: [parked] }),
        "POST /api/admin/deliveries/:id/retry": () => ({ body: { ok: true } }),
      },
    });
    expect(await screen.findByText("Oldest due is late by", {}, AFTER_GUARD)).toBeInTheDocument();
    expect(screen.getByText("95 s")).toBeInTheDocument();
    expect(screen.getByText("4 sent, 1 failed")).toBeInTheDocument();
    expect(screen.getByText(/beat 1 s ago/)).toBeInTheDocument();
    await user.click(screen.getByRole("tab", { name: "Deliveries" }));
    const row = (await screen.findByText("Release to recipients")).closest("li")!;
    expect(within(row).getByText("sam@example.com: SMTP 550 mailbox unavailable")).toBeInTheDocument();
    await user.click(within(row).getByRole("button", { name: "Retry now" }));
    await user.click(within(await screen.findByRole("alertdialog")).getByRole("button", { name: "Retry now" }));
    expect(await screen.findByText("Retry queued")).toBeInTheDocument();
    expect(server.calls.filter((c) => c.method === "POST").map((c) => c.path)).toEqual([
      "/api/admin/deliveries/r1/retry",
    ]);
  });
});
