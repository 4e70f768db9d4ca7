import type { ChannelsInfo } from "@trigger-switch/contracts";
import { screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { createFakeWorkspace } from "@/testing/fake-workspace";
import { makeProfile } from "@/testing/fakes";
import { channelsOff, renderApp, type RenderAppOptions } from "@/testing/render-app";

const AFTER_GUARD = { timeout: 5000 };
const on = {
  available: true,
  local: false,
  missing: [],
  uses: { check_in: true, verification: true, owner_reminders: true, deliveries: true, trusted_contacts: true },
};
const ALERTS =
  "Your last alert before a release, and a request for access, also reach you on WhatsApp or SMS if your reminders go there.";

/** "How trusted contacts work" on the page with no contact yet, over a server whose channels are `channels`. */
async function how(channels: ChannelsInfo, api?: RenderAppOptions["api"]) {
  const { server } = renderApp({
    signedIn: true,
    profile: makeProfile(),
    path: "/trusted-contacts",
    workspace: createFakeWorkspace("UTC", channels),
    api,
  });
  const list = await screen.findByRole("list", { name: "How trusted contacts work" }, AFTER_GUARD);
  return { list, server };
}

describe("how trusted contacts work, as this server reaches them", () => {
  it("says contacts are reached by e-mail only where neither SMS nor WhatsApp reaches them", async () => {
    const { list } = await how(channelsOff);
    await expect.poll(() => list.textContent).toContain("Your contacts are invited and asked by e-mail");
    expect(list).toHaveTextContent(
      `Your contacts are invited and asked by e-mail: this server does not reach them by WhatsApp or SMS. ${ALERTS}`,
    );
    expect(list).toHaveTextContent("the contacts you chose for that condition are asked by e-mail: “Have you been");
    expect(list).not.toHaveTextContent("HOLD");
  });

  it("says contacts may be reached by SMS or WhatsApp, and may answer by replying HOLD or RELEASE, where they can", async () => {
    const { list } = await how({ ...channelsOff, whatsapp: on, sms: { ...on, from: "+15005550006" } });
    await expect.poll(() => list.textContent).toContain("whichever you choose");
    expect(list).toHaveTextContent(
      `Your contacts are invited and asked by e-mail, SMS or WhatsApp, whichever you choose when you invite them; on SMS or WhatsApp they can answer a question by replying HOLD or RELEASE. ${ALERTS}`,
    );
    expect(list).toHaveTextContent(
      "the contacts you chose for that condition are asked the way each was invited: “Have you been",
    );
    expect(list).not.toHaveTextContent("does not reach them");
  });

  it("names only SMS where WhatsApp lacks the contacts' template", async () => {
    const whatsappNoTemplate = { ...on, uses: { ...on.uses, trusted_contacts: false } };
    const { list } = await how({ ...channelsOff, whatsapp: whatsappNoTemplate, sms: { ...on, from: null } });
    await expect.poll(() => list.textContent).toContain("whichever you choose");
    expect(list).toHaveTextContent(
      "Your contacts are invited and asked by e-mail or SMS, whichever you choose when you invite them; on SMS they can answer a question by replying HOLD or RELEASE.",
    );
  });

  it("claims neither while this server's channels are unknown", async () => {
    const { list, server } = await how(channelsOff, {
      "GET /api/channels": () => ({ status: 503, body: { error: { code: "unavailable", message: "Try later" } } }),
    });
    await vi.waitFor(() => expect(server.calls.some((c) => c.path === "/api/channels")).toBe(true));
    expect(list).toHaveTextContent(ALERTS);
    expect(list).not.toHaveTextContent("Your contacts are invited and asked");
    expect(list).toHaveTextContent("the contacts you chose for that condition are asked: “Have you been");
  });
});
