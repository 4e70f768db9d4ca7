import { screen, within } from "@testing-library/react";
import type { ContactInvitation } from "@trigger-switch/contracts";
import { describe, expect, it } from "vitest";
import { createFakeTrustedContact, INVITATION_TOKEN, makeInvitation, PAGE_TOKEN } from "@/testing/fake-trusted-contact";
import type { Handler } from "@/testing/fakes";
import { renderApp } from "@/testing/render-app";
import { formatWhen } from "@/lib/format-date-time";
import { browserTimeZone } from "@/lib/time-zone";

// The page's code loads lazily.
const LOADED = { timeout: 5000 };
const PATH = `/contact/invitation?token=${INVITATION_TOKEN}`;

function openInvitation(invitation: ContactInvitation | null = makeInvitation(), width?: number) {
  const fake = createFakeTrustedContact({ invitation });
  return { ...renderApp({ path: PATH, api: fake.routes, width }), fake };
}

const contactCalls = (calls: { method: string; path: string; body: unknown }[]) =>
  calls.filter((c) => c.path.startsWith("/api/contact"));

describe("a trusted contact's invitation", () => {
  it("says what it means and asks for an answer, without answering by itself or putting the token in an address", async () => {
    const invitation = makeInvitation();
    const { server } = openInvitation(invitation, 375);
    expect(
      await screen.findByRole("heading", { level: 1, name: "Ada asked you to be a trusted contact" }, LOADED),
    ).toBeInTheDocument();
    const meaning = screen.getByRole("list", { name: "What it means" });
    expect(meaning).toHaveTextContent(
      "Before what Ada prepared for their family and friends is sent because they stopped checking in, you may be asked whether they are all right.",
    );
    expect(meaning).toHaveTextContent("One “They're OK” from you holds it for now, and Ada is told.");
    expect(meaning).toHaveTextContent(
      "Being a trusted contact shows you none of their messages: not what they say, their titles or who they go to.",
    );
    expect(meaning).toHaveTextContent("You can step down at any time, from your own page.");
    const until = formatWhen(new Date(invitation.expires_at!), new Date(), browserTimeZone());
    expect(screen.getByText(`This invitation works until ${until}.`)).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Accept" })).toBeEnabled();
    expect(screen.getByRole("button", { name: "Decline" })).toBeEnabled();
    expect(contactCalls(server.calls)).toEqual([
      { method: "POST", path: "/api/contact/invitation/lookup", body: { token: INVITATION_TOKEN } },
    ]);
  });

  it("accepts, shows the link to the contact's own page once, and that link opens it", async () => {
    const { server, user, router } = openInvitation();
    await user.click(await screen.findByRole("button", { name: "Accept" }, LOADED));
    expect(
      await screen.findByRole("heading", { level: 1, name: "You are now a trusted contact of Ada" }),
    ).toBeInTheDocument();
    expect(
      screen.getByText(
        "Keep this link: it was also e-mailed to you. With it you can step down at any time, or ask for access if you are allowed to.",
      ),
    ).toBeInTheDocument();
    expect(screen.getByText(`${window.location.origin}/contact?token=${PAGE_TOKEN}`)).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Accept" })).not.toBeInTheDocument();
    expect(contactCalls(server.calls)).toEqual([
      { method: "POST", path: "/api/contact/invitation/lookup", body: { token: INVITATION_TOKEN } },
      { method: "POST", path: "/api/contact/invitation", body: { token: INVITATION_TOKEN, answer: "accept" } },
    ]);

    await user.click(screen.getByRole("link", { name: "Open your page" }));
    expect(
      await screen.findByRole("heading", { level: 1, name: "You are a trusted contact of Ada" }, LOADED),
    ).toBeInTheDocument();
    expect(router.state.location.pathname + router.state.location.search).toBe(`/contact?token=${PAGE_TOKEN}`);
  });

  it("declines, and says so without buttons", async () => {
    const { server, user } = openInvitation();
    await user.click(await screen.findByRole("button", { name: "Decline" }, LOADED));
    expect(await screen.findByRole("heading", { level: 1, name: "You declined this invitation" })).toBeInTheDocument();
    expect(
      screen.getByText("You are not a trusted contact of Ada. There is nothing more you need to do."),
    ).toBeInTheDocument();
    expect(within(screen.getByRole("main")).queryByRole("button")).not.toBeInTheDocument();
    expect(contactCalls(server.calls).at(-1)).toEqual({
      method: "POST",
      path: "/api/contact/invitation",
      body: { token: INVITATION_TOKEN, answer: "decline" },
    });
  });

  it.each([
    [
      "accepted",
      "You have already accepted this invitation",
      "You are a trusted contact of Ada. The link to your own page was e-mailed to you when you accepted: look for the e-mail titled “You are Ada's trusted contact: the link to your page”.",
    ],
    [
      "declined",
      "You declined this invitation",
      "You are not a trusted contact of Ada. There is nothing more you need to do.",
    ],
    [
      "expired",
      "This invitation has expired",
      "It was not answered in time, so it can no longer be accepted. If you would like to be a trusted contact of Ada, ask Ada to invite you again.",
    ],
    ["ended", "This invitation has ended", "You are no longer a trusted contact of Ada."],
  ] as const)("says in one sentence that the invitation is %s, with no buttons", async (status, heading, sentence) => {
    openInvitation(makeInvitation({ status, expires_at: null }));
    expect(await screen.findByRole("heading", { level: 1, name: heading }, LOADED)).toBeInTheDocument();
    expect(screen.getByText(sentence)).toBeInTheDocument();
    expect(within(screen.getByRole("main")).queryByRole("button")).not.toBeInTheDocument();
  });

  it("says where the page link went for a contact invited by text", async () => {
    openInvitation(makeInvitation({ status: "accepted", channel: "sms", expires_at: null }));
    expect(
      await screen.findByRole("heading", { level: 1, name: "You have already accepted this invitation" }, LOADED),
    ).toBeInTheDocument();
    expect(
      screen.getByText(
        "You are a trusted contact of Ada. The link to your own page was texted to you when you accepted: look in your text messages for the message that begins “Trigger Switch: thank you for accepting”.",
      ),
    ).toBeInTheDocument();
  });

  it("starts a sentence with the server's words for an owner without a first name in upper case", async () => {
    openInvitation(makeInvitation({ owner_first_name: "the person who invited you" }));
    expect(
      await screen.findByRole(
        "heading",
        { level: 1, name: "The person who invited you asked you to be a trusted contact" },
        LOADED,
      ),
    ).toBeInTheDocument();
  });

  it("shows one page that reveals nothing for an unknown link", async () => {
    openInvitation(null);
    expect(
      await screen.findByRole("heading", { level: 1, name: "This link is not valid" }, LOADED),
    ).toBeInTheDocument();
    expect(
      screen.getByText(/^It may be mistyped or cut short, or the account it belonged to was deleted\./),
    ).toBeInTheDocument();
    expect(screen.queryByText(/Ada/)).not.toBeInTheDocument();
    expect(within(screen.getByRole("main")).queryByRole("button")).not.toBeInTheDocument();
  });

  it("says the link is not valid when the answer finds it unknown", async () => {
    const { user, fake } = openInvitation();
    await screen.findByRole("button", { name: "Accept" }, LOADED);
    fake.state.invitation = null;
    await user.click(screen.getByRole("button", { name: "Accept" }));
    expect(await screen.findByRole("heading", { level: 1, name: "This link is not valid" })).toBeInTheDocument();
  });

  it("says when there were too many requests, changes nothing, and can try again", async () => {
    let calls = 0;
    const fake = createFakeTrustedContact();
    const lookup: Handler = (request) =>
      ++calls === 1
        ? {
            status: 429,
            body: {
              error: { code: "rate_limited", message: "Too many requests. Please wait a moment and try again." },
            },
          }
        : fake.routes["POST /api/contact/invitation/lookup"]!(request);
    const { user } = renderApp({ path: PATH, api: { ...fake.routes, "POST /api/contact/invitation/lookup": lookup } });
    expect(
      await screen.findByRole("heading", { level: 1, name: "This page could not be loaded" }, LOADED),
    ).toBeInTheDocument();
    expect(
      screen.getByText("Too many requests. Please wait a moment and try again. Nothing has been changed."),
    ).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Try again" }));
    expect(
      await screen.findByRole("heading", { level: 1, name: "Ada asked you to be a trusted contact" }),
    ).toBeInTheDocument();
  });

  it("says the link is incomplete without a token, and asks the server nothing", async () => {
    const { server } = renderApp({ path: "/contact/invitation" });
    expect(
      await screen.findByRole("heading", { level: 1, name: "This link is incomplete" }, LOADED),
    ).toBeInTheDocument();
    expect(contactCalls(server.calls)).toEqual([]);
  });
});
