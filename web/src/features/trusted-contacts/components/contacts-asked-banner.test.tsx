import { screen, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { formatWhen } from "@/lib/format-date-time";
import { createFakeOwnerContacts } from "@/testing/fake-owner-contacts";
import { createFakeWorkspace } from "@/testing/fake-workspace";
import { makeProfile } from "@/testing/fakes";
import { renderApp } from "@/testing/render-app";

const AFTER_GUARD = { timeout: 5000 };
const ZONE = "Europe/London";
const HOUR = 3_600_000;

function setUp() {
  const workspace = createFakeWorkspace();
  const { id } = workspace.routes["POST /api/messages/save"]!({
    method: "POST",
    path: "",
    params: {},
    body: { title: "For Grace" },
  }).body as { id: string };
  const { id: conditionId } = workspace.routes["POST /api/messages/:id/conditions"]!({
    method: "POST",
    path: "",
    params: { id },
    body: { condition_type: "no_check_in", hours_threshold: 24 },
  }).body as { id: string };
  const contacts = createFakeOwnerContacts({ workspace });
  const sam = contacts.addContact("Sam Lee", "sam@example.com", "active");
  contacts.setConfirmation(conditionId, [sam.id]);
  const open = (width = 1280) =>
    renderApp({ signedIn: true, profile: makeProfile(), path: "/dashboard", workspace, contacts, width });
  return { contacts, conditionId, messageId: id, open };
}

const region = () => screen.findByRole("region", { name: "Your trusted contacts" }, AFTER_GUARD);

describe("the dashboard's word on trusted contacts asked before a release", () => {
  it("says the contacts are being asked, until when, and how to stop it", async () => {
    const { contacts, conditionId, messageId, open } = setUp();
    const until = new Date(Date.now() + 40 * HOUR).toISOString();
    contacts.stages.set(conditionId, {
      status: "asking",
      until,
      asked: 2,
      answered: 0,
      held_by: null,
      holds_in_a_row: 0,
      closed_at: null,
    });
    open(375);
    const said = await region();
    expect(said).toHaveTextContent(
      `“For Grace”: Waiting for your contacts until ${formatWhen(new Date(until), new Date(), ZONE)} — none of 2 has answered yet. Check in to stop it.`,
    );
    expect(within(said).getByRole("link", { name: "“For Grace”" })).toHaveAttribute("href", `/message/${messageId}`);
  });

  it("says who held it and until when, and nothing once the hold no longer stands", async () => {
    const { contacts, conditionId, open } = setUp();
    const until = new Date(Date.now() + 6 * 24 * HOUR).toISOString();
    contacts.stages.set(conditionId, {
      status: "held",
      until,
      asked: 1,
      answered: 1,
      held_by: "Sam Lee",
      holds_in_a_row: 1,
      closed_at: new Date(Date.now() - HOUR).toISOString(),
    });
    const { unmount } = open();
    expect(await region()).toHaveTextContent(
      `Held by Sam Lee until ${formatWhen(new Date(until), new Date(), ZONE)}. If you have not checked in by then, your contacts are asked again.`,
    );
    unmount();

    // Checked in since: the hold has no say any more.
    contacts.stages.set(conditionId, { ...contacts.stages.get(conditionId)!, holds_in_a_row: 0 });
    const { server } = open();
    await screen.findByRole("heading", { name: /Welcome/ }, AFTER_GUARD);
    await vi.waitFor(() => expect(server.calls.some((c) => c.path === "/api/confirmations")).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole("region", { name: "Your trusted contacts" })).not.toBeInTheDocument();
  });
});
