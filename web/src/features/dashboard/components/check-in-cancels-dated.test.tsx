import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { createFakeWorkspace } from "@/testing/fake-workspace";
import { makeProfile } from "@/testing/fakes";
import { renderApp } from "@/testing/render-app";

const AFTER_GUARD = { timeout: 5000 };
const DAY = 24 * 60 * 60_000;

/** A message that goes out in three days unless its owner checks in (armed an hour ago). */
function workspaceWithDatedMessage() {
  const workspace = createFakeWorkspace();
  const message = workspace.routes["POST /api/messages/save"]!({
    method: "POST",
    path: "",
    params: {},
    body: { title: "For Grace" },
  }).body as { id: string };
  const created = workspace.routes["POST /api/messages/:id/conditions"]!({
    method: "POST",
    path: "",
    params: { id: message.id },
    body: { condition_type: "inactivity_to_date", deliver_at: new Date(Date.now() + 3 * DAY).toISOString() },
  });
  expect(created.status).toBe(201);
  const hourAgo = new Date(Date.now() - 60 * 60_000).toISOString();
  Object.assign(workspace.messages[0]!.conditions[0]!, { armed_at: hourAgo, last_checked: hourAgo });
  return workspace;
}

describe("Check In Now and a message that goes out on a date unless you check in", () => {
  it("says before that checking in cancels its delivery, asks, and says after in the toast and the activity", async () => {
    const workspace = workspaceWithDatedMessage();
    const { user, server } = renderApp({ signedIn: true, profile: makeProfile(), path: "/dashboard", workspace });

    // Before: the dashboard's card says it next to its button.
    const card = (await screen.findByRole("heading", { name: "Check-ins" }, AFTER_GUARD)).closest("#check-in");
    expect(card).toHaveTextContent(
      /Checking in now also cancels the delivery of “For Grace” \(set to go out .+\): nothing will send it until you arm it again\./,
    );

    // The header's Check In Now asks first; "Don't check in" leaves everything as it was.
    const header = screen.getByRole("banner");
    await user.click(within(header).getByRole("button", { name: "Check In Now" }));
    const question = await screen.findByRole("alertdialog", { name: "Check in and cancel a dated delivery?" });
    expect(question).toHaveTextContent(/Checking in now also cancels the delivery of “For Grace” \(set to go out .+\)/);
    await user.click(within(question).getByRole("button", { name: "Don't check in" }));
    expect(server.calls.some((c) => c.path === "/api/check-in")).toBe(false);

    await user.click(within(header).getByRole("button", { name: "Check In Now" }));
    await user.click(await screen.findByRole("button", { name: "Check in and cancel it" }));

    // After: the toast says what the check-in did, not only "reset".
    expect(await screen.findByText("Check-In Successful")).toBeInTheDocument();
    expect(
      screen.getByText(
        /^This check-in cancelled the delivery of “For Grace” \(set to go out .+\): nothing will send it until you arm it again\.$/,
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText("Your Trigger Switch has been reset.")).not.toBeInTheDocument();

    // …and so does Recent activity; nothing waits for a check-in any more, so Check In Now goes.
    const feed = screen.getByRole("list", { name: "Recent activity" });
    expect(
      await within(feed).findByText(
        "You checked in, which cancelled the delivery of “For Grace” (inactivity until a date): nothing will send it until you arm it again.",
      ),
    ).toBeInTheDocument();
    await waitFor(() => expect(within(header).queryByRole("button", { name: "Check In Now" })).not.toBeInTheDocument());
    expect(card).toHaveTextContent("No armed condition waits for a check-in.");
  });
});
