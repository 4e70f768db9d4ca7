import type { OwnerRelease } from "@trigger-switch/contracts";
import { act, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { conditionUpdate } from "@/testing/condition-update";
import { createFakeWorkspace } from "@/testing/fake-workspace";
import { fakeSockets } from "@/testing/fake-socket";
import { makeProfile } from "@/testing/fakes";
import { renderApp } from "@/testing/render-app";

const AFTER_GUARD = { timeout: 5000 };
const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000).toISOString();

function release(messageId: string, overrides: Partial<OwnerRelease> = {}): OwnerRelease {
  const base = {
    release_id: "r1",
    message_id: messageId,
    released_at: minutesAgo(10),
    opens_at: minutesAgo(10),
    expires_at: null,
    cancelled_at: null,
    emergency: false,
    contact: null,
  };
  return {
    release_id: "r1",
    message_id: messageId,
    message_title: "For Grace",
    released_at: minutesAgo(10),
    emergency: false,
    grants: [
      {
        ...base,
        grant_id: "g1",
        recipient: { id: "p1", name: "Grace Hopper", email: "grace@example.com" },
        first_opened_at: minutesAgo(2),
        delivery_status: "sent",
        delivered_at: minutesAgo(9),
        delivery_channel: "email",
        kept_locally: false,
      },
      {
        ...base,
        grant_id: "g2",
        recipient: { id: "p2", name: "Alan Turing", email: "alan@example.com" },
        first_opened_at: null,
        delivery_status: "failed",
        delivered_at: null,
        delivery_channel: "email",
        kept_locally: false,
      },
    ],
    ...overrides,
  };
}

function workspaceWithMessage() {
  const workspace = createFakeWorkspace();
  const message = workspace.routes["POST /api/messages/save"]!({
    method: "POST",
    path: "",
    params: {},
    body: { title: "For Grace" },
  }).body as { id: string };
  return { workspace, id: message.id };
}

describe("the dashboard's recent activity", () => {
  it("shows a release with each recipient's delivery and first opening, and the opening itself", async () => {
    const { workspace, id } = workspaceWithMessage();
    workspace.releases.push(release(id));
    renderApp({ signedIn: true, profile: makeProfile(), path: "/dashboard", workspace });
    const feed = await screen.findByRole("list", { name: "Recent activity" }, AFTER_GUARD);
    const sent = await within(feed).findByRole("link", {
      name: "“For Grace” went out to Grace Hopper and Alan Turing.",
    });
    expect(sent).toHaveAttribute("href", `/message/${id}`);
    const people = within(feed).getByRole("list", { name: "Recipients of “For Grace”" });
    expect(
      within(people)
        .getAllByRole("listitem")
        .map((li) => li.textContent),
    ).toEqual([
      expect.stringMatching(/^Grace Hopper: e-mail sent .+ · first opened .+$/),
      "Alan Turing: e-mail could not be sent · not opened yet",
    ]);
    expect(within(feed).getByText("Grace Hopper opened “For Grace”.")).toBeInTheDocument();
  });

  it("names WhatsApp as the channel of a link that went by WhatsApp, never e-mail", async () => {
    const { workspace, id } = workspaceWithMessage();
    const r = release(id);
    r.grants = r.grants.map((g) => ({
      ...g,
      recipient: g.recipient && { ...g.recipient, email: null },
      delivery_status: "sent" as const,
      delivered_at: minutesAgo(9),
      delivery_channel: "whatsapp" as const,
    }));
    workspace.releases.push(r);
    renderApp({ signedIn: true, profile: makeProfile(), path: "/dashboard", workspace });
    const people = await screen.findByRole("list", { name: "Recipients of “For Grace”" }, AFTER_GUARD);
    const lines = within(people)
      .getAllByRole("listitem")
      .map((li) => li.textContent);
    expect(lines).toEqual([
      expect.stringMatching(/^Grace Hopper: WhatsApp message sent .+ · first opened .+$/),
      expect.stringMatching(/^Alan Turing: WhatsApp message sent .+ · not opened yet$/),
    ]);
    expect(lines.join(" ")).not.toContain("e-mail");
  });

  it("names a trusted contact a message was released to on their request, not a deleted recipient", async () => {
    const { workspace, id } = workspaceWithMessage();
    const r = release(id);
    r.grants = [{ ...r.grants[0]!, recipient: null, contact: { id: "c1", name: "Sam Lee" } }];
    workspace.releases.push(r);
    renderApp({ signedIn: true, profile: makeProfile(), path: "/dashboard", workspace });
    const feed = await screen.findByRole("list", { name: "Recent activity" }, AFTER_GUARD);
    expect(
      await within(feed).findByRole("link", { name: "“For Grace” went out to Sam Lee (trusted contact, on request)." }),
    ).toBeInTheDocument();
    const people = within(feed).getByRole("list", { name: "Recipients of “For Grace”" });
    expect(within(people).getByRole("listitem")).toHaveTextContent(
      /^Sam Lee \(trusted contact, on request\): e-mail sent/,
    );
    expect(within(feed).getByText("Sam Lee (trusted contact, on request) opened “For Grace”.")).toBeInTheDocument();
    expect(within(feed).queryByText(/deleted recipient/i)).not.toBeInTheDocument();
  });

  it("names an emergency as one", async () => {
    const { workspace, id } = workspaceWithMessage();
    workspace.releases.push(release(id, { emergency: true, message_title: "I need help now" }));
    renderApp({ signedIn: true, profile: makeProfile(), path: "/dashboard", workspace });
    expect(
      await screen.findByRole(
        "link",
        { name: "Your emergency alert “I need help now” went out to Grace Hopper and Alan Turing." },
        AFTER_GUARD,
      ),
    ).toBeInTheDocument();
  });

  it("shows a release as it happens: the engine's live condition update refreshes the feed", async () => {
    const { workspace, id } = workspaceWithMessage();
    const fake = fakeSockets();
    renderApp({ signedIn: true, profile: makeProfile(), path: "/dashboard", workspace, openSocket: fake.openSocket });
    await screen.findByRole("list", { name: "Recent activity" }, AFTER_GUARD);
    expect(screen.queryByText(/went out to/)).not.toBeInTheDocument();
    await waitFor(() => expect(fake.sockets).toHaveLength(1));

    // The deadline passes: the engine releases the message and marks its condition fired.
    workspace.releases.push(release(id));
    act(() => {
      fake.last().open();
      fake.last().receive({ type: "subscribed", channel: "message_conditions_stable" });
      fake.last().receive(conditionUpdate({ message_id: id, active: false }));
    });
    expect(
      await screen.findByRole("link", { name: "“For Grace” went out to Grace Hopper and Alan Turing." }),
    ).toBeInTheDocument();
  });

  it("names the latest release where the next deadline would be, instead of a bare 'nothing is scheduled'", async () => {
    const { workspace, id } = workspaceWithMessage();
    workspace.releases.push(release(id));
    renderApp({ signedIn: true, profile: makeProfile(), path: "/dashboard", workspace });
    const card = (await screen.findByText("Next deadline", {}, AFTER_GUARD)).closest(
      "div.rounded-lg, [class*='card']",
    )!.parentElement!;
    await waitFor(() =>
      expect(card).toHaveTextContent(/For Grace went out on .+\. Recent activity shows who received it/),
    );
    expect(card).toHaveTextContent("Nothing more is scheduled to go out.");
    expect(card).not.toHaveTextContent("Nothing is scheduled to go out.");
  });
});
