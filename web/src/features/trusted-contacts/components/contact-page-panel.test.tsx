import { screen, within } from "@testing-library/react";
import type { ContactPage } from "@trigger-switch/contracts";
import { describe, expect, it } from "vitest";
import { createFakeTrustedContact, makeContactPage, PAGE_TOKEN } from "@/testing/fake-trusted-contact";
import { renderApp } from "@/testing/render-app";
import { formatDateTime } from "@/lib/format-date-time";
import { browserTimeZone } from "@/lib/time-zone";

// The page's code loads lazily.
const LOADED = { timeout: 5000 };
const PATH = `/contact?token=${PAGE_TOKEN}`;

function openPage(page: ContactPage | null = makeContactPage(), width?: number) {
  const fake = createFakeTrustedContact({ page });
  return { ...renderApp({ path: PATH, api: fake.routes, width }), fake };
}

const main = () => within(screen.getByRole("main"));

describe("a trusted contact's own page", () => {
  it("says whose trusted contact they are, since when, and what it means", async () => {
    const page = makeContactPage();
    const { server } = openPage(page, 375);
    expect(
      await screen.findByRole("heading", { level: 1, name: "You are a trusted contact of Ada" }, LOADED),
    ).toBeInTheDocument();
    expect(
      screen.getByText(`Since ${formatDateTime(new Date(page.since!), browserTimeZone())}, when you accepted.`),
    ).toBeInTheDocument();
    expect(screen.getByRole("list", { name: "What it means" })).toHaveTextContent(
      "You can step down at any time, here.",
    );
    expect(screen.getByRole("button", { name: "Step down" })).toBeEnabled();
    expect(server.calls.filter((c) => c.path.startsWith("/api/contact"))).toEqual([
      { method: "POST", path: "/api/contact/page/lookup", body: { token: PAGE_TOKEN } },
    ]);
  });

  it("asks in place before stepping down, can go back, and then steps down", async () => {
    const { server, user } = openPage();
    await user.click(await screen.findByRole("button", { name: "Step down" }, LOADED));
    const confirm = screen.getByRole("group", { name: "Step down as a trusted contact of Ada?" });
    expect(confirm).toHaveAccessibleDescription(
      "You will no longer be asked about Ada. You cannot undo this yourself.",
    );
    expect(within(confirm).getByText("Step down as a trusted contact of Ada?")).toHaveFocus();
    await user.click(within(confirm).getByRole("button", { name: "No, stay their contact" }));
    expect(screen.getByRole("button", { name: "Step down" })).toHaveFocus();
    expect(server.calls.some((c) => c.path === "/api/contact/leave")).toBe(false);

    await user.click(screen.getByRole("button", { name: "Step down" }));
    await user.click(screen.getByRole("button", { name: "Yes, step down" }));
    expect(await screen.findByRole("heading", { level: 1, name: "You stepped down" })).toBeInTheDocument();
    expect(
      screen.getByText("You are no longer a trusted contact of Ada, and you will not be asked about them."),
    ).toBeInTheDocument();
    expect(server.calls.filter((c) => c.path === "/api/contact/leave")).toEqual([
      { method: "POST", path: "/api/contact/leave", body: { token: PAGE_TOKEN } },
    ]);
  });

  it.each([
    ["left", "You stepped down", "You are no longer a trusted contact of Ada, and you will not be asked about them."],
    ["removed", "You are no longer a trusted contact of Ada", "You will not be asked about them."],
    ["declined", "You declined the invitation", "You are not a trusted contact of Ada."],
    [
      "invited",
      "You have not accepted the invitation yet",
      "Ada asked you to be a trusted contact. To answer, open the invitation link from the message you were sent.",
    ],
  ] as const)("says in one sentence that the contact is %s, with no Step down", async (state, heading, sentence) => {
    openPage(makeContactPage({ state, since: null }));
    expect(await screen.findByRole("heading", { level: 1, name: heading }, LOADED)).toBeInTheDocument();
    expect(screen.getByText(sentence)).toBeInTheDocument();
    expect(main().queryByRole("button")).not.toBeInTheDocument();
  });

  it("shows one page that reveals nothing for an unknown link", async () => {
    openPage(null);
    expect(
      await screen.findByRole("heading", { level: 1, name: "This link is not valid" }, LOADED),
    ).toBeInTheDocument();
    expect(screen.queryByText(/Ada/)).not.toBeInTheDocument();
  });

  it("says the link is incomplete without a token", async () => {
    const { server } = renderApp({ path: "/contact" });
    expect(
      await screen.findByRole("heading", { level: 1, name: "This link is incomplete" }, LOADED),
    ).toBeInTheDocument();
    expect(server.calls.some((c) => c.path.startsWith("/api/contact"))).toBe(false);
  });
});
