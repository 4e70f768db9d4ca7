import type { OwnerRelease } from "@trigger-switch/contracts";
import { screen, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { createFakeWorkspace } from "@/testing/fake-workspace";
import { makeProfile } from "@/testing/fakes";
import { renderApp } from "@/testing/render-app";
import "./edit-message";
import "./message";
import "./messages";

const AFTER_GUARD = { timeout: 5000 };
const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000).toISOString();

/** A message whose no-check-in condition fired, released to Grace, withdrawn or not. */
function firedMessage({ withdrawn }: { withdrawn: boolean }) {
  const workspace = createFakeWorkspace();
  const grace = workspace.addRecipient({ name: "Grace Hopper", email: "grace@example.com" });
  const { id } = workspace.routes["POST /api/messages/save"]!({
    method: "POST",
    path: "",
    params: {},
    body: {
      title: "For Grace",
      recipient_ids: [grace.id],
      add_conditions: [{ condition_type: "no_check_in", hours_threshold: 24 }],
    },
  }).body as { id: string };
  workspace.messages.find((m) => m.id === id)!.conditions[0]!.active = false;
  const release: OwnerRelease = {
    release_id: "r1",
    message_id: id,
    message_title: "For Grace",
    released_at: minutesAgo(30),
    emergency: false,
    grants: [
      {
        release_id: "r1",
        grant_id: "g1",
        message_id: id,
        recipient: { id: grace.id, name: "Grace Hopper", email: "grace@example.com" },
        contact: null,
        released_at: minutesAgo(30),
        opens_at: new Date(Date.now() + 60 * 60_000).toISOString(),
        expires_at: null,
        first_opened_at: null,
        cancelled_at: withdrawn ? minutesAgo(5) : null,
        emergency: false,
        delivery_status: "sent",
        delivered_at: minutesAgo(29),
        delivery_channel: "email",
        kept_locally: false,
      },
    ],
  };
  workspace.releases.push(release);
  return { workspace, id };
}

describe("a message's state", () => {
  it("reads Withdrawn, not Delivered, in the list and on its page once the owner withdrew the release", async () => {
    const { workspace } = firedMessage({ withdrawn: true });
    const { user } = renderApp({ signedIn: true, profile: makeProfile(), path: "/messages", workspace });
    const list = await screen.findByRole("list", { name: "Messages" }, AFTER_GUARD);
    expect(within(list).getByText("Withdrawn")).toBeInTheDocument();
    expect(within(list).queryByText("Delivered")).not.toBeInTheDocument();

    await user.click(within(list).getByRole("link", { name: "For Grace" }));
    await screen.findByRole("heading", { name: "Upcoming" }, AFTER_GUARD);
    expect(screen.getByText("Withdrawn")).toBeInTheDocument();
    expect(screen.getByText(/you withdrew the release before it opened: nobody can read it/)).toBeInTheDocument();
    expect(screen.queryByText("Delivered")).not.toBeInTheDocument();
    expect(screen.queryByText(/needs attention/)).not.toBeInTheDocument();
  });

  it("reads Delivered when the release went out and was not withdrawn", async () => {
    const { workspace } = firedMessage({ withdrawn: false });
    renderApp({ signedIn: true, profile: makeProfile(), path: "/messages", workspace });
    const list = await screen.findByRole("list", { name: "Messages" }, AFTER_GUARD);
    expect(within(list).getByText("Delivered")).toBeInTheDocument();
  });

  it("asks before arming again a condition that already sent the message, naming who would get it again", async () => {
    const { workspace, id } = firedMessage({ withdrawn: false });
    const { user, server } = renderApp({ signedIn: true, profile: makeProfile(), path: `/message/${id}`, workspace });
    const conditions = await screen.findByRole("list", { name: "Conditions" }, AFTER_GUARD);
    const arms = () => server.calls.filter((c) => c.method === "POST" && c.path.endsWith("/arm"));

    await user.click(within(conditions).getByRole("switch", { name: /: armed$/ }));
    let confirm = await screen.findByRole("alertdialog", { name: "Arm this condition again?" });
    expect(confirm).toHaveTextContent(
      "This condition already sent this message. Armed again, it sends it again — to Grace Hopper — the next time it fires.",
    );
    await user.click(within(confirm).getByRole("button", { name: "Keep it off" }));
    expect(arms()).toHaveLength(0);

    await user.click(within(conditions).getByRole("switch", { name: /: armed$/ }));
    confirm = await screen.findByRole("alertdialog", { name: "Arm this condition again?" });
    await user.click(within(confirm).getByRole("button", { name: "Arm again" }));
    await vi.waitFor(() => expect(arms()).toHaveLength(1));
  });

  it("names the browser tab after the message, and the route again once it is left", async () => {
    const { workspace, id } = firedMessage({ withdrawn: false });
    const { user } = renderApp({ signedIn: true, profile: makeProfile(), path: `/message/${id}`, workspace });
    await screen.findByRole("list", { name: "Conditions" }, AFTER_GUARD);
    await vi.waitFor(() => expect(document.title).toBe("For Grace · Trigger Switch"));

    await user.click(screen.getByRole("link", { name: "Edit" }));
    await screen.findByRole("heading", { name: "Edit message" }, AFTER_GUARD);
    await vi.waitFor(() => expect(document.title).toBe("Edit “For Grace” · Trigger Switch"));

    await user.click(screen.getByRole("link", { name: "Messages" }));
    await screen.findByRole("list", { name: "Messages" }, AFTER_GUARD);
    await vi.waitFor(() => expect(document.title).toBe("Messages · Trigger Switch"));
  });
});
