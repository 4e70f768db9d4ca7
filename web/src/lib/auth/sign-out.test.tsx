import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { AuthError, makeProfile } from "@/testing/fakes";
import { renderApp } from "@/testing/render-app";

const AFTER_GUARD = { timeout: 5000 };

async function signOutFromDesktopMenu(options: Parameters<typeof renderApp>[0] = {}) {
  const rendered = renderApp({ path: "/dashboard", signedIn: true, profile: makeProfile(), ...options });
  await rendered.user.click(await screen.findByRole("button", { name: "Open user menu" }, AFTER_GUARD));
  await rendered.user.click(await screen.findByRole("menuitem", { name: "Sign out" }));
  return rendered;
}

describe("signing out", () => {
  it("goes to the home page and says 'Signed out successfully'", async () => {
    const { router } = await signOutFromDesktopMenu();
    expect(await screen.findByText("Signed out successfully")).toBeInTheDocument();
    expect(screen.getByText("You have been signed out of your account.")).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/");
    // The header's, and the home page's own once its code has loaded.
    expect((await screen.findAllByRole("link", { name: "Get Started" }))[0]).toBeInTheDocument();
  });

  it("says 'Sign out failed' with the server's message when sign-out is refused", async () => {
    const { router } = await signOutFromDesktopMenu({ signOut: new AuthError("Service unavailable", 503) });
    expect(await screen.findByText("Sign out failed")).toBeInTheDocument();
    expect(screen.getByText("There was an issue signing you out: Service unavailable")).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/dashboard");
  });

  it("says 'Error signing out' when sign-out throws", async () => {
    await signOutFromDesktopMenu({ signOut: "throw" });
    expect(await screen.findByText("Error signing out")).toBeInTheDocument();
    expect(screen.getByText("There was a problem signing you out. Please try again.")).toBeInTheDocument();
  });

  it("works the same from the mobile menu", async () => {
    const { user, router } = renderApp({ path: "/dashboard", signedIn: true, profile: makeProfile(), width: 375 });
    await user.click(await screen.findByRole("button", { name: /Ada Lovelace/ }, AFTER_GUARD));
    await user.click(screen.getByRole("button", { name: "Sign out" }));
    expect(await screen.findByText("Signed out successfully")).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/");
  });
});
