import { screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createFakeWorkspace } from "@/testing/fake-workspace";
import { makeProfile } from "@/testing/fakes";
import { renderApp } from "@/testing/render-app";
import "./create-message";
import "./message";

const AFTER_GUARD = { timeout: 5000 };
// The browser runs in whatever zone the machine has; the owner's profile says Berlin, and that is what shows.
const berlin = { signedIn: true, profile: makeProfile({ time_zone: "Europe/Berlin" }) } as const;

beforeEach(() => {
  // Sunday 1 March 2026, 13:00 in Berlin.
  vi.useFakeTimers({ now: new Date("2026-03-01T12:00:00Z"), shouldAdvanceTime: true });
  vi.spyOn(navigator, "language", "get").mockReturnValue("en-US");
});
afterEach(() => vi.useRealTimers());

describe("the owner's time zone", () => {
  it("shows a recurring check-in in the profile's zone, with the date of a deadline days away", async () => {
    const workspace = createFakeWorkspace("Europe/Berlin");
    const grace = workspace.addRecipient({ name: "Grace Hopper", email: "grace@example.com" });
    const { id } = workspace.routes["POST /api/messages/save"]!({
      method: "POST",
      path: "",
      params: {},
      body: {
        title: "For Grace",
        recipient_ids: [grace.id],
        add_conditions: [
          {
            condition_type: "recurring_check_in",
            recurring_pattern: {
              kind: "weekdays",
              weekdays: [6],
              at: "18:30",
              grace_minutes: 0,
              time_zone: "Europe/Berlin",
            },
          },
        ],
      },
    }).body as { id: string };
    renderApp({ ...berlin, path: `/message/${id}`, workspace });

    const conditions = await screen.findByRole("list", { name: "Conditions" }, AFTER_GUARD);
    expect(
      within(conditions).getByText(
        "Check in every Sat at 6:30 PM, no grace. Next: by Sat 7 Mar 6:30 PM, or it goes out.",
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText(/Europe\/Berlin time/)).not.toBeInTheDocument();
  });

  it("builds a new recurring check-in in the profile's zone and says which zone that is", async () => {
    const { user, server } = renderApp({ ...berlin, path: "/create-message" });
    await user.type(await screen.findByLabelText("Title", {}, AFTER_GUARD), "Daily");
    await user.click(screen.getByRole("button", { name: /^Recurring check-in/ }));
    const group = screen.getByRole("group", { name: /^Recurring check-in/ });
    const at = within(group).getByRole("group", { name: "Check in by" });
    expect(within(at).getByRole("combobox", { name: "Hour" })).toHaveAccessibleDescription(
      "Europe/Berlin time: your time zone, which you can change in your profile.",
    );
    expect(within(group).queryByText(/UTC/)).not.toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Save message" }));
    expect(await screen.findByText("Message saved")).toBeInTheDocument();
    const save = server.calls.find((c) => c.method === "POST" && c.path === "/api/messages/save");
    const urls = server.fetch.mock.calls.map(([url]) => String(url));
    expect(urls.find((url) => url.includes("/api/messages/save"))).toContain("tz=Europe%2FBerlin");
    expect(save?.body).toMatchObject({
      add_conditions: [{ recurring_pattern: { time_zone: "Europe/Berlin", at: "09:00" } }],
    });
  }, 15_000);
});
