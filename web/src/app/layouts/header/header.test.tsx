import { screen, within } from "@testing-library/react";
import type { RouteObject } from "react-router";
import { describe, expect, it } from "vitest";
import { EMAIL, makeProfile } from "@/testing/fakes";
import { renderApp } from "@/testing/render-app";
import { Header } from "./header";

const routes: RouteObject[] = [{ path: "*", element: <Header variant="public" /> }];

/** The open menu's entries in order, with dividers as "---". */
function menuEntries(menu: HTMLElement): string[] {
  return Array.from(menu.querySelectorAll('[role="menuitem"], [role="separator"]')).map((node) =>
    node.getAttribute("role") === "separator" ? "---" : (node.textContent ?? "").trim(),
  );
}

async function openDesktopMenu(options: Parameters<typeof renderApp>[0]) {
  const rendered = renderApp({ routes, signedIn: true, ...options });
  await rendered.user.click(await screen.findByRole("button", { name: "Open user menu" }));
  return { ...rendered, menu: await screen.findByRole("menu") };
}

describe("the header when signed out", () => {
  it("offers Sign in and Get Started on desktop", async () => {
    renderApp({ routes });
    expect(await screen.findByRole("link", { name: "Sign in" })).toHaveAttribute("href", "/login");
    expect(screen.getByRole("link", { name: "Get Started" })).toHaveAttribute("href", "/register");
    expect(screen.getByRole("link", { name: "Trigger Switch" })).toHaveAttribute("href", "/");
  });

  it("offers the same two entries in a side sheet on mobile, a native popover that needs no script to open", async () => {
    renderApp({ routes, width: 375 });
    // Which of the two shows is the stylesheet's choice (md:), and the browser opens the popover
    // (jsdom does not): both are seen in the browser journey at 375 px (e2e/public-pages.spec.ts).
    const open = await screen.findByRole("button", { name: "Open menu" });
    expect(screen.queryByRole("dialog", { name: "Menu" })).not.toBeInTheDocument();
    // A closed popover is hidden, and a hidden element has no accessible name to find it by.
    const sheet = screen.getByRole("dialog", { hidden: true });
    expect(sheet).toHaveAttribute("aria-label", "Menu");
    expect(sheet).toHaveAttribute("popover", "auto");
    expect(open).toHaveAttribute("popovertarget", sheet.id);
    expect(within(sheet).getByText("Sign in").closest("a")).toHaveAttribute("href", "/login");
    expect(within(sheet).getByText("Get Started").closest("a")).toHaveAttribute("href", "/register");
  });
});

describe("the header when signed in", () => {
  it("always shows the green Messages button", async () => {
    renderApp({ routes, signedIn: true, profile: makeProfile() });
    expect(await screen.findByRole("link", { name: "Messages" })).toHaveAttribute("href", "/messages");
  });

  it("lists the desktop menu entries in the spec's order, with dividers", async () => {
    const { menu } = await openDesktopMenu({ profile: makeProfile() });
    expect(menuEntries(menu)).toEqual([
      "Messages",
      "Recipients",
      "Trusted contacts",
      "---",
      "Profile",
      "Subscription",
      "---",
      "Sign out",
    ]);
    expect(within(menu).getByRole("menuitem", { name: "Recipients" })).toHaveAttribute("href", "/recipients");
    expect(within(menu).getByRole("menuitem", { name: "Trusted contacts" })).toHaveAttribute(
      "href",
      "/trusted-contacts",
    );
  });

  it("adds Admin Dashboard after Subscription only for an admin", async () => {
    const { menu } = await openDesktopMenu({ profile: makeProfile(), isAdmin: true });
    await within(menu).findByRole("menuitem", { name: "Admin Dashboard" });
    expect(menuEntries(menu)).toEqual([
      "Messages",
      "Recipients",
      "Trusted contacts",
      "---",
      "Profile",
      "Subscription",
      "Admin Dashboard",
      "---",
      "Sign out",
    ]);
    expect(within(menu).getByRole("menuitem", { name: "Admin Dashboard" })).toHaveAttribute("href", "/admin");
  });

  it("shows the initials of the first and last name in the avatar", async () => {
    renderApp({ routes, signedIn: true, profile: makeProfile({ first_name: "ada", last_name: "lovelace" }) });
    expect(await screen.findByRole("button", { name: "Open user menu" })).toHaveTextContent("AL");
  });

  it("shows U when the profile has no name", async () => {
    renderApp({ routes, signedIn: true, profile: makeProfile({ first_name: null, last_name: " " }) });
    expect(await screen.findByRole("button", { name: "Open user menu" })).toHaveTextContent("U");
  });

  it("shows the avatar image when the profile has one", async () => {
    renderApp({ routes, signedIn: true, profile: makeProfile({ avatar_url: "/avatars/ada.png" }) });
    const trigger = await screen.findByRole("button", { name: "Open user menu" });
    expect(trigger.querySelector("img")).toHaveAttribute("src", "/avatars/ada.png");
    // A flex box, not an inline one: inline, the avatar sat on the text baseline, 3 px above the buttons.
    expect(trigger).toHaveClass("flex");
    expect(trigger).not.toHaveTextContent("AL");
  });

  it("on mobile, puts the actions in a second row and the menu behind a toggle with name and e-mail", async () => {
    const { user } = renderApp({ routes, signedIn: true, profile: makeProfile(), isAdmin: true, width: 375 });
    const toggle = await screen.findByRole("button", { name: /Ada Lovelace/ });
    expect(toggle).toHaveTextContent(EMAIL);
    // Shown in full, never cut to "Ada Lovel…".
    expect(toggle.querySelector(".truncate")).toBeNull();
    expect(toggle).toHaveAttribute("aria-expanded", "false");
    expect(screen.getByRole("link", { name: "Messages" })).toHaveAttribute("href", "/messages");

    await user.click(toggle);
    const menu = screen.getByRole("navigation", { name: "User menu" });
    await within(menu).findByRole("link", { name: "Admin Dashboard" });
    const entries = within(menu)
      .getAllByRole("listitem")
      .map((item) => item.textContent?.trim());
    expect(entries).toEqual([
      "Dashboard",
      "Messages",
      "Recipients",
      "Trusted contacts",
      "Profile",
      "Subscription",
      "Admin Dashboard",
      "Sign out",
    ]);
    expect(within(menu).getByRole("link", { name: "Dashboard" })).toHaveAttribute("href", "/dashboard");
    expect(menu).toHaveTextContent(`Ada Lovelace${EMAIL}`);
  });

  it("leaves Admin Dashboard out of the mobile menu for other users", async () => {
    const { user } = renderApp({ routes, signedIn: true, profile: makeProfile(), width: 375 });
    await user.click(await screen.findByRole("button", { name: /Ada Lovelace/ }));
    const menu = screen.getByRole("navigation", { name: "User menu" });
    expect(within(menu).queryByRole("link", { name: "Admin Dashboard" })).not.toBeInTheDocument();
  });
});
