import type { Condition, OwnerMessageDiagnostic } from "@trigger-switch/contracts";
import { render, screen, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { OwnerTimeline } from "./owner-timeline";

// Tue 10 Mar 2026, 15:00 UTC. New York is on daylight time (UTC−4) since Sunday 8 March.
const NOW = new Date("2026-03-10T15:00:00.000Z");

const condition: Condition = {
  id: "c1",
  message_id: "m1",
  condition_type: "no_check_in",
  active: true,
  is_armed: true,
  hours_threshold: 24,
  minutes_threshold: 0,
  reminder_hours: [60],
  recipients: [],
  recurring_pattern: null,
  panic_config: {},
  deliver_at: null,
  // Armed the day before, checked in at 14:00 UTC today.
  last_checked: "2026-03-10T14:00:00.000Z",
  armed_at: "2026-03-09T14:00:00.000Z",
  created_at: "2026-03-10T14:00:00.000Z",
  updated_at: "2026-03-10T14:00:00.000Z",
  unlock_delay_hours: 0,
  expiry_hours: 0,
  next_deadline: "2026-03-11T14:00:00.000Z",
  // What the server writes for API users: en-GB, the schedule's zone. Never shown.
  summary: "Goes out Wed 14:00 unless you check in. Each check-in gives you another 1 day.",
};

const data = (c: Condition = condition): OwnerMessageDiagnostic => ({
  view: "owner",
  message: { id: "m1", title: "For Grace" },
  conditions: [c],
  schedule: [
    {
      id: "s1",
      condition_id: "c1",
      reminder_type: "final_delivery",
      scheduled_at: "2026-03-11T14:00:00.000Z",
      status: "pending",
      delivery_priority: "critical",
      retry_strategy: "aggressive",
      attempts: 0,
      next_attempt_at: "2026-03-11T14:00:00.000Z",
      last_error: null,
    },
  ],
  deliveries: [],
  confirmations: [],
  releases: [],
});

const conditionsTable = () => within(screen.getByRole("table", { name: "Conditions" }));

describe("the owner's message diagnostics", () => {
  it("words every time in the reader's zone and on their 12-hour clock (en-US), not the server's sentence", () => {
    vi.spyOn(navigator, "language", "get").mockReturnValue("en-US");
    render(<OwnerTimeline data={data()} timeZone="America/New_York" now={NOW} />);
    const table = conditionsTable();
    expect(
      table.getByText("Goes out Wed 10:00 AM unless you check in. Each check-in gives you another 1 day."),
    ).toBeInTheDocument();
    expect(table.queryByText(condition.summary)).not.toBeInTheDocument();
    expect(table.getByText("Tue 10 Mar 2026, 10:00 AM")).toBeInTheDocument();
    expect(table.getByText("Wed 11 Mar 2026, 10:00 AM")).toBeInTheDocument();
    expect(
      within(screen.getByRole("table", { name: "Schedule" })).getByText("Wed 11 Mar 2026, 10:00 AM"),
    ).toBeInTheDocument();
  });

  it("writes 24-hour times for a reader whose locale uses them (en-GB), in their own zone", () => {
    render(<OwnerTimeline data={data()} timeZone="Europe/Berlin" now={NOW} />);
    expect(
      conditionsTable().getByText("Goes out Wed 15:00 unless you check in. Each check-in gives you another 1 day."),
    ).toBeInTheDocument();
    expect(conditionsTable().getByText("Tue 10 Mar 2026, 15:00")).toBeInTheDocument();
  });

  it("keeps the note of a deadline our downtime moved", () => {
    vi.spyOn(navigator, "language", "get").mockReturnValue("en-US");
    render(
      <OwnerTimeline
        data={data({ ...condition, next_deadline: "2026-03-11T14:30:00.000Z" })}
        timeZone="America/New_York"
        now={NOW}
      />,
    );
    expect(
      conditionsTable().getByText(
        "Goes out Wed 10:30 AM unless you check in. Each check-in gives you another 1 day. (Moved by 30 minutes because our service was down.)",
      ),
    ).toBeInTheDocument();
  });

  it("shows no check-in for the emergency button, and none for a condition only armed since", () => {
    const emergency: Condition = {
      ...condition,
      id: "c2",
      condition_type: "panic_trigger",
      hours_threshold: 0,
      reminder_hours: [],
      last_checked: condition.created_at,
      armed_at: condition.created_at,
      next_deadline: null,
    };
    const armedOnly: Condition = { ...condition, id: "c3", armed_at: condition.last_checked };
    render(<OwnerTimeline data={{ ...data(), conditions: [emergency, armedOnly] }} timeZone="UTC" now={NOW} />);
    const [, emergencyRow, armedRow] = conditionsTable().getAllByRole("row");
    expect(within(emergencyRow!).getByText("not used by the Emergency button")).toBeInTheDocument();
    expect(within(armedRow!).getByText("none since it was armed")).toBeInTheDocument();
    expect(conditionsTable().queryByText("Tue 10 Mar 2026, 14:00")).not.toBeInTheDocument();
  });

  it("lays each row out as labelled lines on a phone and as table columns from the sm breakpoint", () => {
    render(<OwnerTimeline data={data()} timeZone="UTC" now={NOW} />);
    const table = screen.getByRole("table", { name: "Schedule" });
    // Below sm the header row is hidden and every row is a block of "label  value" lines.
    expect(table.querySelector("thead")).toHaveClass("hidden", "sm:table-header-group");
    const [row] = within(table).getAllByRole("row").slice(1);
    expect(row).toHaveClass("block", "sm:table-row");
    const cells = within(row!).getAllByRole("cell");
    expect(cells.map((cell) => cell.firstElementChild?.textContent)).toEqual([
      "What",
      "When",
      "Status",
      "Attempts",
      "Next try / last error",
    ]);
    for (const cell of cells) {
      expect(cell).toHaveClass("grid", "sm:table-cell");
      expect(cell.firstElementChild).toHaveClass("sm:hidden");
    }
    expect(within(cells[1]!).getByText("Wed 11 Mar 2026, 14:00")).toBeInTheDocument();
  });

  it("heads the delivery attempts without naming e-mail, and names each row's channel as people say it", () => {
    const attempt = {
      created_at: "2026-03-10T14:00:01.000Z",
      reminder_id: "s1",
      recipient: "+447700900123",
      response_data: {},
      error: null,
    };
    render(
      <OwnerTimeline
        data={{
          ...data(),
          deliveries: [
            { ...attempt, delivery_channel: "whatsapp", delivery_status: "delivered" },
            { ...attempt, delivery_channel: "sms", delivery_status: "sent" },
          ],
        }}
        timeZone="Europe/London"
        now={NOW}
      />,
    );
    expect(screen.queryByText(/send an e-mail/)).not.toBeInTheDocument();
    expect(
      screen.getByText(/^Every attempt to send this message's link or a reminder about it, on each channel/),
    ).toBeInTheDocument();
    const attempts = within(screen.getByRole("table", { name: "Delivery attempts" }));
    expect(attempts.getByText("WhatsApp")).toBeInTheDocument();
    expect(attempts.getByText("SMS")).toBeInTheDocument();
  });

  it("says, for a condition that asks trusted contacts, how it is set and where its question stands", () => {
    vi.spyOn(navigator, "language", "get").mockReturnValue("en-GB");
    const settings = { window_hours: 48, hold_days: 7, max_holds_in_a_row: 3, release_answers_needed: 1 };
    const asking = {
      ...data(),
      confirmations: [
        {
          condition_id: "c1",
          enabled: true,
          ...settings,
          contact_ids: ["k1", "k2"],
          stage: {
            status: "asking" as const,
            until: "2026-03-13T14:00:00.000Z",
            asked: 2,
            answered: 1,
            held_by: null,
            holds_in_a_row: 0,
            closed_at: null,
          },
        },
      ],
    };
    const { unmount } = render(<OwnerTimeline data={asking} timeZone="Europe/London" now={NOW} />);
    const table = within(screen.getByRole("table", { name: "Trusted contacts" }));
    expect(
      table.getByText("2 contacts: 48 h to answer, a hold gives 7 days, 1 “release” answer releases at once"),
    ).toBeInTheDocument();
    expect(table.getByText("asking until Fri 13 Mar 2026, 14:00: 1 of 2 answered")).toBeInTheDocument();
    unmount();
    render(<OwnerTimeline data={data()} timeZone="Europe/London" now={NOW} />);
    expect(screen.queryByRole("table", { name: "Trusted contacts" })).not.toBeInTheDocument();
  });
});
