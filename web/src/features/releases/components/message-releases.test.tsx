import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { createFakeWorkspace } from "@/testing/fake-workspace";
import { makeProfile, type Handler } from "@/testing/fakes";
import { renderApp } from "@/testing/render-app";
import type { ReleaseGrant } from "../api/get-releases";

const AFTER_GUARD = { timeout: 2000 };
const hoursFromNow = (h: number) => new Date(Date.now() + h * 3600_000).toISOString();

function workspaceWithMessage() {
  const workspace = createFakeWorkspace();
  const message = workspace.routes["POST /api/messages"]!({
    method: "POST",
    path: "",
    params: {},
    body: { title: "For Grace" },
  }).body as { id: string };
  return { workspace, id: message.id };
}

const grant = (overrides: Partial<ReleaseGrant>): ReleaseGrant => ({
  release_id: "r1",
  grant_id: "g1",
  message_id: "m1",
  recipient: { id: "p1", name: "Grace Hopper", email: "grace@example.com" },
  contact: null,
  released_at: hoursFromNow(-1),
  opens_at: hoursFromNow(23),
  expires_at: null,
  first_opened_at: null,
  cancelled_at: null,
  emergency: false,
  delivery_status: "sent",
  delivered_at: hoursFromNow(-1),
  delivery_channel: "email",
  kept_locally: false,
  ...overrides,
});

describe("the owner's Released to section", () => {
  it("names the channel that carried each link, and says when it was only kept in the local mailbox", async () => {
    const { workspace, id } = workspaceWithMessage();
    const grants = [
      grant({ delivery_channel: "whatsapp" }),
      grant({ grant_id: "g2", recipient: { id: "p2", name: "Alan Turing", email: null }, delivery_channel: "sms" }),
      grant({
        grant_id: "g3",
        recipient: { id: "p3", name: "Ada Lovelace", email: "ada@example.com" },
        kept_locally: true,
      }),
    ];
    const { user } = renderApp({
      signedIn: true,
      profile: makeProfile(),
      path: `/message/${id}`,
      workspace,
      api: { "GET /api/messages/:id/releases": () => ({ body: grants }) },
    });
    // The first test of the file also loads the page's lazy chunk.
    const releases = await screen.findByRole("list", { name: "Releases" }, { timeout: 5000 });
    expect(within(releases).getByText(/^WhatsApp message sent .+ · not opened yet$/)).toBeInTheDocument();
    expect(within(releases).getByText(/^SMS sent .+ · not opened yet$/)).toBeInTheDocument();
    expect(within(releases).getByText(/^e-mail kept in the local mailbox .+ · not opened yet$/)).toBeInTheDocument();
    expect(within(releases).queryByText(/e-mail sent/)).not.toBeInTheDocument();

    // Withdrawing does not claim they were e-mailed: two of them had the link by WhatsApp and SMS.
    await user.click(within(releases).getByRole("button", { name: "Withdraw" }));
    const dialog = await screen.findByRole("alertdialog", { name: "Withdraw this release?" });
    expect(dialog).toHaveTextContent("A link already sent to them will simply not open.");
    expect(dialog).not.toHaveTextContent(/e-mail/);
  });

  it("lists who received the message and withdraws a release that has not opened, after confirmation", async () => {
    const { workspace, id } = workspaceWithMessage();
    let grants = [grant({}), grant({ grant_id: "g2", recipient: { id: "p2", name: "Alan Turing", email: null } })];
    const list: Handler = () => ({ body: grants });
    const cancel: Handler = ({ params }) => {
      grants = grants.map((g) => ({ ...g, cancelled_at: new Date().toISOString() }));
      return { body: { cancelled: params.releaseId === "r1" ? 2 : 0 } };
    };
    const { user, server } = renderApp({
      signedIn: true,
      profile: makeProfile(),
      path: `/message/${id}`,
      workspace,
      api: { "GET /api/messages/:id/releases": list, "POST /api/messages/:id/releases/:releaseId/cancel": cancel },
    });
    const releases = await screen.findByRole("list", { name: "Releases" }, AFTER_GUARD);
    expect(screen.getByText("Released to")).toBeInTheDocument();
    expect(within(releases).getByText("Grace Hopper")).toBeInTheDocument();
    expect(within(releases).getByText("Alan Turing")).toBeInTheDocument();
    expect(within(releases).getAllByText(/^e-mail sent .+ · not opened yet$/)).toHaveLength(2);
    expect(within(releases).getByText(/never expires/)).toBeInTheDocument();

    await user.click(within(releases).getByRole("button", { name: "Withdraw" }));
    const dialog = await screen.findByRole("alertdialog", { name: "Withdraw this release?" });
    expect(within(dialog).getByText(/all 2 recipients' links/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole("button", { name: "Withdraw release" }));

    expect(await screen.findByText("Release withdrawn")).toBeInTheDocument();
    expect(server.calls.filter((c) => c.method === "POST").map((c) => c.path)).toEqual([
      `/api/messages/${id}/releases/r1/cancel`,
    ]);
    expect(await within(releases).findByText(/^Withdrawn /)).toBeInTheDocument();
    expect(within(releases).queryByRole("button", { name: "Withdraw" })).not.toBeInTheDocument();
  });

  it("offers no Withdraw once a release has opened, and shows when each person first opened it", async () => {
    const { workspace, id } = workspaceWithMessage();
    const opened = grant({
      opens_at: hoursFromNow(-1),
      first_opened_at: "2026-03-10T15:30:00.000Z",
      expires_at: hoursFromNow(100),
    });
    renderApp({
      signedIn: true,
      profile: makeProfile(),
      path: `/message/${id}`,
      workspace,
      api: { "GET /api/messages/:id/releases": () => ({ body: [opened] }) },
    });
    const releases = await screen.findByRole("list", { name: "Releases" }, AFTER_GUARD);
    expect(
      within(releases).getByText(/^e-mail sent .+ · first opened \w{3} 10 Mar 2026, \d\d:\d\d$/),
    ).toBeInTheDocument();
    expect(within(releases).getByText(/expires/)).toBeInTheDocument();
    expect(within(releases).queryByRole("button", { name: "Withdraw" })).not.toBeInTheDocument();
  });

  it("marks a release that came from the Emergency button", async () => {
    const { workspace, id } = workspaceWithMessage();
    const releases = [
      grant({}),
      grant({ release_id: "r2", grant_id: "g2", released_at: hoursFromNow(-0.5), emergency: true }),
    ];
    renderApp({
      signedIn: true,
      profile: makeProfile(),
      path: `/message/${id}`,
      workspace,
      api: { "GET /api/messages/:id/releases": () => ({ body: releases }) },
    });
    const list = await screen.findByRole("list", { name: "Releases" }, AFTER_GUARD);
    expect(within(list).getAllByText(/^Released /)).toHaveLength(1);
    expect(within(list).getByText(/^Emergency alert /)).toBeInTheDocument();
    expect(within(list).getAllByText("Emergency button")).toHaveLength(1);
  });

  it("names a trusted contact it was released to on their request, and sends the owner to revoke it rather than withdraw", async () => {
    const { workspace, id } = workspaceWithMessage();
    const onRequest = grant({ recipient: null, contact: { id: "c1", name: "Sam Lee" } });
    renderApp({
      signedIn: true,
      profile: makeProfile(),
      path: `/message/${id}`,
      workspace,
      api: { "GET /api/messages/:id/releases": () => ({ body: [onRequest] }) },
    });
    const releases = await screen.findByRole("list", { name: "Releases" }, AFTER_GUARD);
    expect(within(releases).getByText("Sam Lee (trusted contact, on request)")).toBeInTheDocument();
    expect(within(releases).queryByText("A deleted recipient")).not.toBeInTheDocument();
    expect(within(releases).queryByRole("button", { name: "Withdraw" })).not.toBeInTheDocument();
    expect(within(releases).getByText(/To stop their link from opening it, revoke their access on your/)).toBeVisible();
    expect(within(releases).getByRole("link", { name: "Trusted contacts" })).toHaveAttribute(
      "href",
      "/trusted-contacts",
    );
  });

  it("is hidden when the message has never been released", async () => {
    const { workspace, id } = workspaceWithMessage();
    renderApp({
      signedIn: true,
      profile: makeProfile(),
      path: `/message/${id}`,
      workspace,
      api: { "GET /api/messages/:id/releases": () => ({ body: [] }) },
    });
    expect(await screen.findByRole("heading", { name: "For Grace" }, AFTER_GUARD)).toBeInTheDocument();
    expect(screen.queryByText("Released to")).not.toBeInTheDocument();
  });
});
