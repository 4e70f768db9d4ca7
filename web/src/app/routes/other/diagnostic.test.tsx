import { screen, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import type { Handler } from "@/testing/fakes";
import { makeProfile } from "@/testing/fakes";
import { renderApp } from "@/testing/render-app";

const ID = "6f1c8a52-0000-4000-8000-000000000042";
const status = (overrides: Record<string, unknown> = {}) => ({
  status: "ok",
  database: { ok: true, kind: "postgres" },
  engine: { role: "all", heartbeat_at: new Date().toISOString(), heartbeat_age_seconds: 1 },
  queue: { pending: 4, due: 0, claimed: 0, parked: 0, oldest_due_lateness_seconds: null },
  mail: { transport: "smtp" },
  checked_at: new Date().toISOString(),
  ...overrides,
});

describe("the service status page", () => {
  it("explains each part in plain words", async () => {
    renderApp({ path: "/diagnostic", api: { "GET /api/diagnostic": () => ({ body: status() }) } });
    expect(await screen.findByText("Trigger Switch is working normally")).toBeInTheDocument();
    const parts = screen.getByRole("list", { name: "Service parts" });
    expect(within(parts).getByText(/reaches its database \(PostgreSQL\)/)).toBeInTheDocument();
    expect(within(parts).getByText(/last heartbeat was 1 second ago/)).toBeInTheDocument();
    expect(within(parts).getByText(/Nothing is waiting past its time\. 4 scheduled/)).toBeInTheDocument();
    expect(within(parts).getByText(/configured mail server \(SMTP\)/)).toBeInTheDocument();
    expect(screen.getByText(/refreshes every 10 seconds/)).toBeInTheDocument();
  });

  it("names the embedded database of the default install", async () => {
    const embedded = status({ database: { ok: true, kind: "embedded-postgres" } });
    renderApp({ path: "/diagnostic", api: { "GET /api/diagnostic": () => ({ body: embedded }) } });
    const parts = await screen.findByRole("list", { name: "Service parts" });
    expect(
      within(parts).getByText(/reaches its database \(the embedded PostgreSQL, in this server's data folder\)/),
    ).toBeInTheDocument();
  });

  it("says what is wrong when the engine stopped and deliveries are late", async () => {
    const degraded = status({
      status: "degraded",
      engine: { role: "web", heartbeat_at: null, heartbeat_age_seconds: 600 },
      queue: { pending: 1, due: 2, claimed: 0, parked: 1, oldest_due_lateness_seconds: 540 },
      mail: { transport: "outbox" },
    });
    renderApp({ path: "/diagnostic", api: { "GET /api/diagnostic": () => ({ body: degraded }) } });
    expect(
      await screen.findByText(
        "Trigger Switch is running with problems: the deadline engine is not running, deliveries are late and e-mails reach no one (no mail server is configured)",
      ),
    ).toBeInTheDocument();
    expect(screen.getByText(/The engine has not run for 10 minutes/)).toBeInTheDocument();
    expect(screen.getByText(/has waited 9 minutes past its time/)).toBeInTheDocument();
    expect(screen.getByText(/kept in a local outbox/)).toBeInTheDocument();
  });

  it("never says 'working normally' above a card that says e-mail reaches no one", async () => {
    renderApp({
      path: "/diagnostic",
      api: { "GET /api/diagnostic": () => ({ body: status({ mail: { transport: "outbox" } }) }) },
    });
    expect(
      await screen.findByText("Trigger Switch is running, but e-mails reach no one (no mail server is configured)"),
    ).toBeInTheDocument();
    expect(screen.queryByText(/working normally/)).not.toBeInTheDocument();
  });

  it("is linked from every page's footer", async () => {
    renderApp({ path: "/terms" });
    const footer = await screen.findByRole("contentinfo");
    expect(within(footer).getByRole("link", { name: "Service status" })).toHaveAttribute("href", "/diagnostic");
  });

  it("shows the status the server sends with a 503 when its database is down", async () => {
    const down = status({ status: "degraded", database: { ok: false, kind: "postgres" }, queue: null });
    renderApp({ path: "/diagnostic", api: { "GET /api/diagnostic": () => ({ status: 503, body: down }) } });
    expect(await screen.findByText(/cannot reach its database \(PostgreSQL\)/)).toBeInTheDocument();
    expect(screen.getByText(/Unknown while the database does not answer/)).toBeInTheDocument();
  });

  it("says so when the server does not answer", async () => {
    renderApp({ path: "/diagnostic", api: { "GET /api/diagnostic": () => ({ status: 502, body: null }) } });
    expect(await screen.findByRole("heading", { name: "The server did not answer" })).toBeInTheDocument();
  });
});

const ownerView = {
  view: "owner",
  message: { id: ID, title: "For Grace" },
  conditions: [
    {
      id: "c1",
      message_id: ID,
      condition_type: "no_check_in",
      active: true,
      is_armed: true,
      hours_threshold: 24,
      minutes_threshold: 0,
      reminder_hours: [],
      recipients: [],
      recurring_pattern: null,
      panic_config: {},
      deliver_at: null,
      last_checked: "2026-03-10T09:00:00.000Z",
      armed_at: "2026-03-10T09:00:00.000Z",
      created_at: "2026-03-10T09:00:00.000Z",
      updated_at: "2026-03-10T09:00:00.000Z",
      unlock_delay_hours: 0,
      expiry_hours: 0,
      next_deadline: "2026-03-11T09:00:00.000Z",
      summary: "Goes out Wed 09:00 unless you check in",
    },
  ],
  schedule: [
    {
      id: "s1",
      condition_id: "c1",
      reminder_type: "reminder",
      scheduled_at: "2026-03-11T08:00:00.000Z",
      status: "pending",
      delivery_priority: "normal",
      retry_strategy: "standard",
      attempts: 2,
      next_attempt_at: "2026-03-11T08:05:00.000Z",
      last_error: "451 Try again later",
    },
    {
      id: "s2",
      condition_id: "c1",
      reminder_type: "final_delivery",
      scheduled_at: "2026-03-11T09:00:00.000Z",
      status: "pending",
      delivery_priority: "critical",
      retry_strategy: "aggressive",
      attempts: 0,
      next_attempt_at: "2026-03-11T09:00:00.000Z",
      last_error: null,
    },
  ],
  deliveries: [
    {
      created_at: "2026-03-11T08:00:01.000Z",
      reminder_id: "s1",
      recipient: "ada@example.com",
      delivery_channel: "email",
      delivery_status: "failed",
      response_data: {},
      error: "451 Try again later",
    },
  ],
  confirmations: [],
  releases: [],
};
const messageRoutes = (answer: (token: string | undefined) => ReturnType<Handler>) => ({
  "GET /api/diagnostic/message/:id": () => answer(undefined),
});

describe("the message diagnostics page", () => {
  it("shows the signed-in owner the whole timeline", async () => {
    renderApp({
      signedIn: true,
      profile: makeProfile(),
      path: `/diagnostic/message/${ID}`,
      api: messageRoutes(() => ({ body: ownerView })),
    });
    expect(await screen.findByRole("heading", { name: "Diagnostics: For Grace" })).toBeInTheDocument();
    // Worded in the browser from the condition's instants (its deadline has passed), not the server's summary.
    expect(
      within(screen.getByRole("table", { name: "Conditions" })).getByText(
        /^Due since \w{3} 1[01] Mar \d\d:\d\d: it goes out now unless you check in\.$/,
      ),
    ).toBeInTheDocument();
    const schedule = screen.getByRole("table", { name: "Schedule" });
    expect(within(schedule).getByText("Reminder to you")).toBeInTheDocument();
    expect(within(schedule).getByText("Delivery to recipients")).toBeInTheDocument();
    expect(
      within(screen.getByRole("table", { name: "Delivery attempts" })).getByText("451 Try again later"),
    ).toBeInTheDocument();
    expect(screen.getByText("This message has not been released.")).toBeInTheDocument();
  });

  it("writes the owner's times in the zone of their profile, not the browser's", async () => {
    vi.spyOn(navigator, "language", "get").mockReturnValue("en-GB");
    renderApp({
      signedIn: true,
      profile: makeProfile({ time_zone: "Europe/Berlin" }),
      path: `/diagnostic/message/${ID}`,
      api: messageRoutes(() => ({ body: ownerView })),
    });
    const schedule = await screen.findByRole("table", { name: "Schedule" }, { timeout: 5000 });
    // 09:00 UTC is 10:00 in Berlin in March.
    expect(within(schedule).getByText("Wed 11 Mar 2026, 10:00")).toBeInTheDocument();
  });

  it("shows a recipient with a link only the state of their link", async () => {
    const { server } = renderApp({
      path: `/diagnostic/message/${ID}?t=tok`,
      api: messageRoutes(() => ({
        body: {
          view: "recipient",
          release: { state: "locked", opens_at: "2031-05-06T07:08:00.000Z", expires_at: null },
        },
      })),
    });
    expect(
      await screen.findByRole("heading", { name: "Your link works; the message is not open yet" }),
    ).toBeInTheDocument();
    expect(screen.getByText(/^It opens on \w{3} \d+ May 2031/)).toBeInTheDocument();
    expect(server.fetch.mock.calls.some(([url]) => String(url).includes("?t=tok"))).toBe(true);
  });

  it("says not found to anyone else", async () => {
    renderApp({
      path: `/diagnostic/message/${ID}`,
      api: messageRoutes(() => ({ status: 404, body: { error: { code: "not_found", message: "Not found" } } })),
    });
    expect(await screen.findByRole("heading", { name: "Not found" })).toBeInTheDocument();
  });
});
