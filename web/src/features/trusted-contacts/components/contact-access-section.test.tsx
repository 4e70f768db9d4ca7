import { screen, within } from "@testing-library/react";
import type { ContactAccessMessage, ContactPage } from "@trigger-switch/contracts";
import { describe, expect, it } from "vitest";
import { formatWhen } from "@/lib/format-date-time";
import { browserTimeZone } from "@/lib/time-zone";
import {
  createFakeTrustedContact,
  makeAccessMessage,
  makeContactPage,
  PAGE_TOKEN,
} from "@/testing/fake-trusted-contact";
import { renderApp } from "@/testing/render-app";

// The page's code loads lazily.
const LOADED = { timeout: 5000 };
const HOUR = 3_600_000;
const PATH = `/contact?token=${PAGE_TOKEN}`;

function openPage(page: ContactPage, width = 375) {
  const fake = createFakeTrustedContact({ page });
  return { ...renderApp({ path: PATH, api: fake.routes, width }), fake };
}

const when = (iso: string) => formatWhen(new Date(iso), new Date(), browserTimeZone());
const section = () => screen.getByRole("region", { name: "Ask for access" });
const accessCalls = (calls: { path: string; body: unknown }[]) =>
  calls.filter((c) => c.path.startsWith("/api/contact/access"));

const request = (
  state: NonNullable<ContactAccessMessage["request"]>["state"],
  decidedAgo: number | null = 2,
): ContactAccessMessage["request"] => ({
  state,
  requested_at: new Date(Date.now() - 30 * HOUR).toISOString(),
  grants_at: new Date(Date.now() + 42 * HOUR).toISOString(),
  decided_at: decidedAgo === null ? null : new Date(Date.now() - decidedAgo * HOUR).toISOString(),
  revoked_at: null,
});

describe("asking for access on a trusted contact's page", () => {
  it("shows nothing new when the owner lets them ask for nothing", async () => {
    openPage(makeContactPage({ access: [] }));
    await screen.findByRole("heading", { level: 1, name: "You are a trusted contact of Ada" }, LOADED);
    expect(screen.queryByRole("region", { name: "Ask for access" })).not.toBeInTheDocument();
    expect(screen.queryByText(/ask for/i)).not.toBeInTheDocument();
    expect(screen.getByText("Keep this page's address: it is your link to step down.")).toBeInTheDocument();
  });

  it("explains in plain words and numbers the messages, never titling them", async () => {
    openPage(
      makeContactPage({
        access: [makeAccessMessage({ number: 1 }), makeAccessMessage({ number: 2, waiting_hours: 36 })],
      }),
    );
    await screen.findByRole("heading", { level: 2, name: "Ask for access" }, LOADED);
    expect(section()).toHaveTextContent(
      "Ada has allowed you to ask for 2 messages if something has happened to them. If you ask, Ada is told at once and can say no. If they do not answer within its waiting period, a message is sent to you.",
    );
    const list = within(section()).getByRole("list", { name: "Messages you may ask for" });
    expect(
      within(list)
        .getAllByRole("listitem")
        .map((li) => li.textContent),
    ).toEqual(["Message 1 — waiting period 3 days", "Message 2 — waiting period 1 day and 12 hours"]);
    expect(section()).toHaveTextContent("This page never shows what a message is about");
    expect(
      screen.getByText("Keep this page's address: it is your link to ask for access or to step down."),
    ).toBeVisible();
  });

  it("needs a reason, asks a second time, then asks and says until when the owner can say no", async () => {
    const { user, server, fake } = openPage(makeContactPage({ access: [makeAccessMessage()] }));
    await screen.findByRole("heading", { level: 2, name: "Ask for access" }, LOADED);
    expect(section()).toHaveTextContent(
      "Ada has allowed you to ask for 1 message if something has happened to them. If you ask, Ada is told at once and can say no. If they do not answer within the waiting period, the message is sent to you.",
    );
    const ask = within(section()).getByRole("button", { name: "Ask for access" });
    await user.click(ask);
    expect(within(section()).getByRole("alert")).toHaveTextContent("Say why you are asking");
    expect(within(section()).queryByRole("group")).not.toBeInTheDocument();

    const reason = within(section()).getByLabelText("Why are you asking?");
    expect(reason).toHaveAccessibleDescription(
      "Ada reads this in the alert they get. Up to 500 characters. Say why you are asking",
    );
    expect(reason).toHaveAttribute("maxlength", "500");
    await user.type(reason, "  Ada has not answered her phone for a week.  ");
    expect(within(section()).queryByRole("alert")).not.toBeInTheDocument();
    await user.click(ask);
    const confirm = within(section()).getByRole("group", { name: "Ask for access now?" });
    expect(confirm).toHaveAccessibleDescription(
      "Ada is told at once and can say no. If they do not, the message is sent to you when its waiting period ends. Until then you can withdraw your request.",
    );
    expect(within(confirm).getByText("Ask for access now?")).toHaveFocus();
    await user.click(within(confirm).getByRole("button", { name: "No, go back" }));
    expect(within(section()).getByRole("button", { name: "Ask for access" })).toHaveFocus();
    expect(accessCalls(server.calls)).toEqual([]);

    await user.click(within(section()).getByRole("button", { name: "Ask for access" }));
    await user.click(within(section()).getByRole("button", { name: "Yes, ask for access" }));
    expect(await screen.findByText("You asked for access")).toBeInTheDocument();
    expect(accessCalls(server.calls)).toEqual([
      {
        method: "POST",
        path: "/api/contact/access/request",
        body: { token: PAGE_TOKEN, reason: "Ada has not answered her phone for a week." },
      },
    ]);
    const asked = fake.state.page!.access[0]!.request!;
    expect(section()).toHaveTextContent(
      `Asked ${when(asked.requested_at)} — sent to you on ${when(asked.grants_at)} unless Ada says no.`,
    );
    // Nothing more can be asked while it waits; it can be withdrawn.
    expect(within(section()).queryByLabelText("Why are you asking?")).not.toBeInTheDocument();
    expect(within(section()).getByRole("button", { name: "Withdraw my request" })).toBeEnabled();
  });

  it("promises no time to say no when there is no waiting period", async () => {
    const { user } = openPage(makeContactPage({ access: [makeAccessMessage({ waiting_hours: 0 })] }));
    await screen.findByRole("heading", { level: 2, name: "Ask for access" }, LOADED);
    expect(section()).toHaveTextContent(
      "Ada has allowed you to ask for 1 message if something has happened to them. If you ask, Ada is told, and it is sent to you at once.",
    );
    expect(section()).toHaveTextContent("Message 1 — no waiting period (sent to you as soon as you ask)");
    await user.type(within(section()).getByLabelText("Why are you asking?"), "No answer for days");
    await user.click(within(section()).getByRole("button", { name: "Ask for access" }));
    expect(within(section()).getByRole("group", { name: "Ask for access now?" })).toHaveAccessibleDescription(
      "Ada is told, and the message is sent to you at once.",
    );
  });

  it("asks only for what can be asked now, and says which", async () => {
    const from = new Date(Date.now() + 20 * HOUR).toISOString();
    openPage(
      makeContactPage({
        access: [
          makeAccessMessage({ number: 1 }),
          makeAccessMessage({ number: 2, request: request("denied"), can_request: false, can_request_from: from }),
          makeAccessMessage({ number: 3 }),
        ],
      }),
    );
    await screen.findByRole("heading", { level: 2, name: "Ask for access" }, LOADED);
    expect(section()).toHaveTextContent("Asking now asks for Message 1 and Message 3.");
    expect(section()).toHaveTextContent(`You can ask for it again from ${when(from)}.`);
  });

  it("withdraws a waiting request after asking a second time, and says from when they can ask again", async () => {
    const { user, server, fake } = openPage(
      makeContactPage({ access: [makeAccessMessage({ request: request("waiting", null), can_request: false })] }),
    );
    await user.click(await screen.findByRole("button", { name: "Withdraw my request" }, LOADED));
    const confirm = within(section()).getByRole("group", { name: "Withdraw your request?" });
    expect(confirm).toHaveAccessibleDescription(
      "This withdraws your request for Message 1: nothing is sent to you for it. You can ask again 24 hours after withdrawing.",
    );
    await user.click(within(confirm).getByRole("button", { name: "Yes, withdraw it" }));
    expect(await screen.findByText("Request withdrawn")).toBeInTheDocument();
    expect(accessCalls(server.calls)).toEqual([
      { method: "POST", path: "/api/contact/access/withdraw", body: { token: PAGE_TOKEN } },
    ]);
    const m = fake.state.page!.access[0]!;
    expect(section()).toHaveTextContent(`You withdrew this request on ${when(m.request!.decided_at!)}.`);
    expect(section()).toHaveTextContent(
      `There is nothing you can ask for right now. You can ask again from ${when(m.can_request_from!)}.`,
    );
    expect(within(section()).queryByRole("button", { name: "Withdraw my request" })).not.toBeInTheDocument();
    expect(within(section()).queryByRole("button", { name: "Ask for access" })).not.toBeInTheDocument();
  });

  it.each([
    ["denied", (at: string) => `Declined by Ada on ${at}.`],
    ["granted", (at: string) => `Sent to you on ${at} (check your e-mail).`],
    ["withdrawn", (at: string) => `You withdrew this request on ${at}.`],
  ] as const)("says in words that a request was %s, and when", async (state, sentence) => {
    const r = request(state);
    openPage(makeContactPage({ access: [makeAccessMessage({ request: r, can_request: false })] }));
    await screen.findByRole("heading", { level: 2, name: "Ask for access" }, LOADED);
    expect(section()).toHaveTextContent(sentence(when(r!.decided_at!)));
    expect(within(section()).queryByRole("button")).not.toBeInTheDocument();
  });

  it("says the server's refusal and looks the page up again when nothing could be asked any more", async () => {
    const { user, server, fake } = openPage(makeContactPage({ access: [makeAccessMessage()] }));
    const reason = await screen.findByLabelText("Why are you asking?", {}, LOADED);
    // Asked from another tab meanwhile: this page is out of date.
    fake.state.page = makeContactPage({
      access: [makeAccessMessage({ request: request("waiting", null), can_request: false })],
    });
    await user.type(reason, "No news for days");
    await user.click(within(section()).getByRole("button", { name: "Ask for access" }));
    await user.click(within(section()).getByRole("button", { name: "Yes, ask for access" }));
    expect(await screen.findByText("There is no message you can ask for now.")).toBeInTheDocument();
    expect(await within(section()).findByRole("button", { name: "Withdraw my request" })).toBeInTheDocument();
    expect(server.calls.filter((c) => c.path === "/api/contact/page/lookup")).toHaveLength(2);
  });
});
