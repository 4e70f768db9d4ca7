import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { makeProfile } from "@/testing/fakes";
import { renderApp } from "@/testing/render-app";
import { routeModules } from "./routes";

const AFTER_GUARD = { timeout: 5000 };

/** The page's one h1, by name: every page has one, at level 1, not just "a heading". */
async function pageHeading(name: string, options = {}) {
  const h1 = await screen.findByRole("heading", { level: 1, name }, options);
  expect(screen.getAllByRole("heading", { level: 1 })).toEqual([h1]);
  return h1;
}

describe("the routes", () => {
  it("shows the landing page at /", async () => {
    renderApp({ path: "/" });
    await pageHeading("If something happens to you, the right people will know.");
    expect(screen.getByRole("heading", { level: 2, name: "Four ways a message can be released" })).toBeInTheDocument();
  });

  it("shows a not-found page for any other path", async () => {
    renderApp({ path: "/no/such/page" });
    await pageHeading("Page not found");
  });

  it("gives the public message access page its own minimal header", async () => {
    renderApp({ path: "/access/message/abc" });
    expect(screen.getByText("Secure Message Access")).toBeInTheDocument();
    await pageHeading("This link is not valid, has expired or was withdrawn.");
    expect(screen.queryByRole("link", { name: "Sign in" })).not.toBeInTheDocument();
  });

  it("gives a trusted contact's pages, opened without their link, one heading that says the link is incomplete", async () => {
    for (const path of ["/contact", "/contact/invitation", "/contact/question"]) {
      const { unmount } = renderApp({ path });
      await pageHeading("This link is incomplete", AFTER_GUARD);
      unmount();
    }
  });

  it("gives the owner's Deny link, opened without its token, its own minimal header and one heading", async () => {
    renderApp({ path: "/access-request/deny" });
    await pageHeading("This link is incomplete", AFTER_GUARD);
    expect(screen.getByText("Request for access")).toBeInTheDocument();
    expect(screen.queryByRole("link", { name: "Sign in" })).not.toBeInTheDocument();
  });

  it("shows the message-not-found view for a message id", async () => {
    renderApp({ path: "/message/123", signedIn: true, profile: makeProfile() });
    await pageHeading("Message not found", AFTER_GUARD);
  });

  it("shows an honest empty state on the messages page", async () => {
    renderApp({ path: "/messages", signedIn: true, profile: makeProfile() });
    expect(await screen.findByRole("heading", { level: 2, name: "No messages yet" }, AFTER_GUARD)).toBeInTheDocument();
    await pageHeading("Messages");
  });

  it("tells a user who is not an admin that the admin page is not for them", async () => {
    renderApp({ path: "/admin", signedIn: true, profile: makeProfile(), isAdmin: false });
    expect(await screen.findByText("You do not have access to this page.", {}, AFTER_GUARD)).toBeInTheDocument();
    await pageHeading("Admin Dashboard");
  });

  it("returns to the page the guard turned away after signing in", async () => {
    const { user, router } = renderApp({ path: "/recipients", profile: makeProfile() });
    await user.type(await screen.findByLabelText("E-mail", {}, AFTER_GUARD), "ada@example.com");
    await user.type(screen.getByLabelText("Password"), "correct horse");
    await user.click(screen.getByRole("button", { name: "Sign in" }));
    expect(
      await screen.findByRole("heading", { level: 2, name: "No recipients yet" }, AFTER_GUARD),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/recipients");
  });

  it("explains an invalid or expired reset link without a recovery session", async () => {
    renderApp({ path: "/reset-password" });
    await pageHeading("This link is invalid or has expired");
    expect(screen.getByRole("link", { name: "Request a new link" })).toHaveAttribute("href", "/forgot-password");
  });

  it("lets a recovery link set a new password", async () => {
    const { user, auth } = renderApp({
      path: "/reset-password",
      signedIn: true,
      profile: makeProfile(),
      linkHint: { type: "recovery", errorDescription: null, errorCode: null },
    });
    await user.type(await screen.findByLabelText("New password"), "a new passphrase");
    await user.type(screen.getByLabelText("Confirm new password"), "a new passphrase");
    await user.click(screen.getByRole("button", { name: "Set new password" }));
    expect(await screen.findByText("Password updated")).toBeInTheDocument();
    expect(auth.mocks.updateUser).toHaveBeenCalledWith({ password: "a new passphrase" });
  });

  it("gives the same answer to a password reset request whatever the address", async () => {
    const { user } = renderApp({ path: "/forgot-password" });
    await user.type(await screen.findByLabelText("E-mail"), "nobody@example.com");
    await user.click(screen.getByRole("button", { name: "Send reset link" }));
    expect(await screen.findByText(/If an account exists for/)).toHaveTextContent("nobody@example.com");
  });
});

describe("the code of each page", () => {
  it("is named per address, so the build can preload it in that page's HTML", () => {
    expect(routeModules("/")).toEqual(["routes/public/home"]);
    expect(routeModules("/login")).toEqual(["routes/public/login"]);
    expect(routeModules("/dashboard")).toEqual(["layouts/authenticated-layout", "routes/app/dashboard"]);
    expect(routeModules("/message/_/edit")).toEqual(["layouts/authenticated-layout", "routes/app/edit-message"]);
    expect(routeModules("/access/message/_")).toEqual(["routes/other/access-message"]);
    expect(routeModules("/contact")).toEqual(["routes/public/contact"]);
    expect(routeModules("/contact/invitation")).toEqual(["routes/public/contact-invitation"]);
    expect(routeModules("/contact/question")).toEqual(["routes/public/contact-question"]);
    expect(routeModules("/access-request/deny")).toEqual(["routes/public/access-request-deny"]);
    expect(routeModules("/no/such/page")).toEqual(["routes/public/not-found"]);
  });
});
