import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import type { PlanCheckInRules } from "@trigger-switch/contracts";
import { describe, expect, it, vi } from "vitest";
import { newDraft, type ConditionDraft } from "../utils/condition-draft";
import { draftToInput } from "../utils/draft-to-input";
import { ConditionsEditor } from "./conditions-editor";

const ZONE = "Europe/London";

/** The editor as the message editor holds it, exposing the drafts for the wire-shape checks. */
function renderBuilder(plan?: PlanCheckInRules) {
  const seen: { drafts: ConditionDraft[] } = { drafts: [] };
  function Harness() {
    const [drafts, setDrafts] = useState<ConditionDraft[]>([]);
    seen.drafts = drafts;
    return <ConditionsEditor drafts={drafts} onChange={setDrafts} timeZone={ZONE} plan={plan} />;
  }
  const user = userEvent.setup();
  render(<Harness />);
  const pick = async (type: RegExp) => {
    await user.click(screen.getByRole("button", { name: type }));
    return screen.getByRole("group", { name: type });
  };
  const preview = () => screen.getByRole("status", { name: "What will happen" });
  return { user, pick, preview, seen };
}

describe("the condition builder", () => {
  it("offers the four condition types to a message without conditions", () => {
    renderBuilder();
    const types = within(screen.getByRole("list", { name: "Condition types" })).getAllByRole("button");
    expect(types.map((button) => button.querySelector(".font-medium")?.textContent)).toEqual([
      "No check-in",
      "Recurring check-in",
      "Inactivity until a date",
      "Emergency button",
    ]);
  });

  it("previews a no-check-in condition in plain words and sends hours and minutes", async () => {
    const { user, pick, preview, seen } = renderBuilder();
    const group = await pick(/^No check-in/);
    expect(preview()).toHaveTextContent(
      /Goes out \w{3} \d\d:\d\d unless you check in\. Each check-in gives you another 1 day\./,
    );
    expect(preview()).toHaveTextContent(/We remind you \w{3} \d\d:\d\d\./);

    await user.click(within(group).getByRole("button", { name: "3 h" }));
    expect(preview()).toHaveTextContent("Each check-in gives you another 3 hours.");
    const minutes = within(group).getByLabelText("Minutes");
    await user.clear(minutes);
    await user.type(minutes, "30");
    expect(preview()).toHaveTextContent("another 3 hours 30 minutes");
    expect(draftToInput(seen.drafts[0]!)).toMatchObject({
      condition_type: "no_check_in",
      hours_threshold: 3,
      minutes_threshold: 30,
      reminder_hours: [60],
    });
  });

  it("makes a 15-minute check-in one tap that leaves the form valid, its reminder fitted inside", async () => {
    const { user, pick, preview, seen } = renderBuilder();
    const group = await pick(/^No check-in/);
    await user.click(within(group).getByRole("button", { name: "15 min" }));
    expect(within(group).queryByRole("alert")).not.toBeInTheDocument();
    expect(preview()).toHaveTextContent("Each check-in gives you another 15 minutes.");
    expect(draftToInput(seen.drafts[0]!)).toMatchObject({
      hours_threshold: 0,
      minutes_threshold: 15,
      reminder_hours: [5],
    });

    await user.click(within(group).getByRole("button", { name: "30 min" }));
    expect(within(group).queryByRole("alert")).not.toBeInTheDocument();
    expect(draftToInput(seen.drafts[0]!)).toMatchObject({ minutes_threshold: 30, reminder_hours: [5] });
  });

  it("still says when a typed interval leaves a reminder that no longer fits", async () => {
    const { user, pick, preview } = renderBuilder();
    const group = await pick(/^No check-in/);
    await user.clear(within(group).getByLabelText("Days"));
    await user.type(within(group).getByLabelText("Minutes"), "30");
    expect(within(group).getByRole("alert")).toHaveTextContent(
      "A reminder must come before the deadline: choose less than 30 minutes before it.",
    );
    expect(preview()).toHaveTextContent("Fix the highlighted fields to see what will happen.");
  });

  it("refuses a check-in interval under five minutes, with the contracts' words", async () => {
    const { user, pick } = renderBuilder();
    const group = await pick(/^No check-in/);
    await user.clear(within(group).getByLabelText("Days"));
    await user.type(within(group).getByLabelText("Minutes"), "4");
    expect(within(group).getAllByRole("alert")[0]).toHaveTextContent("Choose at least 5 minutes between check-ins");
  });

  it("builds a weekday schedule in the owner's time zone", async () => {
    const { user, pick, preview, seen } = renderBuilder();
    const group = await pick(/^Recurring check-in/);
    await user.click(within(group).getByLabelText("On chosen weekdays"));
    for (const day of ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"])
      await user.click(within(group).getByLabelText(day));
    expect(within(group).getByRole("alert")).toHaveTextContent("Choose at least one weekday");

    await user.click(within(group).getByLabelText("Saturday"));
    await user.click(within(group).getByLabelText("Sunday"));
    const at = within(group).getByRole("group", { name: "Check in by" });
    await user.selectOptions(within(at).getByRole("combobox", { name: "Hour" }), "14");
    await user.selectOptions(within(at).getByRole("combobox", { name: "Minute" }), "30");
    expect(preview()).toHaveTextContent("Check in every Sat and Sun at 14:30, 1 hour grace. Next: by");
    expect(draftToInput(seen.drafts[0]!).recurring_pattern).toEqual({
      kind: "weekdays",
      time_zone: ZONE,
      weekdays: [6, 7],
      at: "14:30",
      grace_minutes: 60,
    });
  });

  it("keeps a schedule saved in another zone in that zone, says so, and moves it to the owner's on request", async () => {
    const seen: { drafts: ConditionDraft[] } = { drafts: [] };
    function Harness() {
      const [drafts, setDrafts] = useState<ConditionDraft[]>([newDraft("recurring_check_in", "UTC")]);
      seen.drafts = drafts;
      return <ConditionsEditor drafts={drafts} onChange={setDrafts} timeZone={ZONE} />;
    }
    const user = userEvent.setup();
    render(<Harness />);
    const hour = screen.getByRole("combobox", { name: "Hour" });
    expect(hour).toHaveAccessibleDescription(
      /^UTC time, the zone this schedule was saved in; yours is Europe\/London\./,
    );

    await user.click(screen.getByRole("button", { name: `Use ${ZONE}` }));
    expect(draftToInput(seen.drafts[0]!).recurring_pattern).toMatchObject({ time_zone: ZONE, at: "09:00" });
    expect(hour).toHaveAccessibleDescription(`${ZONE} time: your time zone, which you can change in your profile.`);
  });

  it("writes every time on the reader's clock: 12-hour for en-US, its own picker included", async () => {
    vi.spyOn(navigator, "language", "get").mockReturnValue("en-US");
    const { user, pick, preview, seen } = renderBuilder();
    expect(screen.getByText(/such as every day at 9:00 AM or on weekdays/)).toBeInTheDocument();
    const group = await pick(/^Recurring check-in/);
    expect(within(group).getByText(/such as every day at 9:00 AM/)).toBeInTheDocument();
    const at = within(group).getByRole("group", { name: "Check in by" });
    const hour = within(at).getByRole("combobox", { name: "Hour" });
    expect(
      within(hour)
        .getAllByRole("option")
        .map((o) => o.textContent),
    ).toEqual(["12", ...Array.from({ length: 11 }, (_, i) => String(i + 1))]);
    await user.selectOptions(hour, "2");
    await user.selectOptions(within(at).getByRole("combobox", { name: "Minute" }), "30");
    await user.selectOptions(within(at).getByRole("combobox", { name: "AM or PM" }), "PM");
    expect(draftToInput(seen.drafts[0]!).recurring_pattern).toMatchObject({ at: "14:30" });
    expect(preview()).toHaveTextContent(/Check in every .+ at 2:30 PM, 1 hour grace\. Next: by \w{3} 3:30 PM/);
    expect(preview()).not.toHaveTextContent("14:30");
  });

  it("offers the check-in time on the 24-hour clock of en-GB, with no AM or PM", async () => {
    const { pick } = renderBuilder();
    expect(screen.getByText(/such as every day at 09:00 or on weekdays/)).toBeInTheDocument();
    const group = await pick(/^Recurring check-in/);
    const at = within(group).getByRole("group", { name: "Check in by" });
    const hour = within(at).getByRole("combobox", { name: "Hour" });
    expect(hour).toHaveDisplayValue("09");
    expect(within(at).getByRole("combobox", { name: "Minute" })).toHaveDisplayValue("00");
    expect(within(hour).getAllByRole("option")).toHaveLength(24);
    expect(within(at).queryByRole("combobox", { name: "AM or PM" })).not.toBeInTheDocument();
    expect(hour).toHaveAccessibleDescription(`${ZONE} time: your time zone, which you can change in your profile.`);
  });

  it("wants a delivery date at least five minutes ahead", async () => {
    const { user, pick, preview } = renderBuilder();
    const group = await pick(/^Inactivity until a date/);
    const date = within(group).getByLabelText("Goes out on");
    await user.clear(date);
    await user.type(date, "2020-01-01T09:00");
    expect(within(group).getByRole("alert")).toHaveTextContent("Choose a time at least 5 minutes from now");

    await user.clear(date);
    await user.type(date, `${new Date().getFullYear() + 1}-06-01T09:00`);
    expect(preview()).toHaveTextContent(/Goes out \w{3} 1 Jun \d{4} 09:00 unless you check in before then\./);
  });

  it("explains the emergency button and whether it stays armed", async () => {
    const { user, pick, preview, seen } = renderBuilder();
    const group = await pick(/^Emergency button/);
    expect(preview()).toHaveTextContent(
      "Goes out only when you press the Emergency button; it stays armed afterwards.",
    );
    await user.click(within(group).getByLabelText(/Keep armed after it is used/));
    expect(preview()).toHaveTextContent("it switches off after one use.");
    expect(draftToInput(seen.drafts[0]!)).toMatchObject({
      condition_type: "panic_trigger",
      reminder_hours: [],
      panic_config: { keep_armed: false },
    });
  });

  it("removes a condition and offers the types again", async () => {
    const { user, pick } = renderBuilder();
    await pick(/^Emergency button/);
    await user.click(screen.getByRole("button", { name: "Remove condition: Emergency button" }));
    expect(screen.queryByRole("group", { name: /Emergency button/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Add a condition" }));
    expect(screen.getByRole("list", { name: "Condition types" })).toBeInTheDocument();
  });
});

describe("the condition builder and the plan (docs/decisions/018)", () => {
  const presetsOf = (group: HTMLElement) =>
    within(within(group).getByRole("group", { name: /^Quick choices: Send if I do not check in for/ }))
      .getAllByRole("button")
      .map((b) => b.textContent);

  it("on Free does not offer intervals shorter than a day, and says why in one line naming the plan", async () => {
    const { pick } = renderBuilder({
      ctx: { plan: "free", name: "Free", billingEnabled: true },
      minMinutes: 1440,
      plusMinMinutes: 5,
    });
    const group = await pick(/^No check-in/);
    expect(presetsOf(group)).toEqual(["1 day", "3 days", "7 days"]);
    expect(
      within(group).getByText(
        "Your Free plan allows check-in intervals of 1 day or more, so shorter ones are not offered. Plus on the Subscription page allows 5 minutes.",
      ),
    ).toBeInTheDocument();
  });

  it("with billing off says the operator chooses the plan, never offering an upgrade", async () => {
    const { pick } = renderBuilder({
      ctx: { plan: "free", name: "Free", billingEnabled: false },
      minMinutes: 1440,
      plusMinMinutes: 5,
    });
    const group = await pick(/^No check-in/);
    expect(
      within(group).getByText(/so shorter ones are not offered\. The operator of this service chooses the plan/),
    ).toBeInTheDocument();
    expect(group.textContent).not.toMatch(/Subscription|upgrade/i);
  });

  it("on Plus (and with billing off on the default plan) offers every interval, with no plan line", async () => {
    const { pick } = renderBuilder({
      ctx: { plan: "plus", name: "Plus", billingEnabled: false },
      minMinutes: 5,
      plusMinMinutes: 5,
    });
    const group = await pick(/^No check-in/);
    expect(presetsOf(group)).toEqual(["15 min", "30 min", "1 h", "3 h", "12 h", "1 day", "3 days", "7 days"]);
    expect(group.textContent).not.toMatch(/plan/);
  });
});
