import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderApp } from "@/testing/render-app";

/** The web tests' wait for a page behind the guard on a busy machine. */
const AFTER_GUARD = { timeout: 5000 };

async function fill(user: ReturnType<typeof renderApp>["user"], email: string, password: string, confirm: string) {
  const emailInput = await screen.findByLabelText("E-mail");
  if (email) await user.type(emailInput, email);
  if (password) await user.type(screen.getByLabelText("Password"), password);
  if (confirm) await user.type(screen.getByLabelText("Confirm password"), confirm);
  await user.click(screen.getByRole("button", { name: "Create account" }));
}

describe("the registration form", () => {
  it("asks for a valid e-mail address and a password", async () => {
    const { user, auth } = renderApp({ path: "/register" });
    await fill(user, "", "", "");
    expect(await screen.findByText("Enter a valid e-mail address")).toBeInTheDocument();
    expect(screen.getByText("Enter a password")).toBeInTheDocument();
    expect(auth.mocks.signUp).not.toHaveBeenCalled();
  });

  it("refuses a password shorter than 8 characters", async () => {
    const { user, auth } = renderApp({ path: "/register" });
    await fill(user, "ada@example.com", "short", "short");
    expect(await screen.findByText("Use at least 8 characters")).toBeInTheDocument();
    expect(auth.mocks.signUp).not.toHaveBeenCalled();
  });

  it("refuses a confirmation that does not match", async () => {
    const { user, auth } = renderApp({ path: "/register" });
    await fill(user, "ada@example.com", "correct horse", "correct hose");
    expect(await screen.findByText("The passwords do not match")).toBeInTheDocument();
    expect(screen.getByLabelText("Confirm password")).toHaveAttribute("aria-invalid", "true");
    expect(auth.mocks.signUp).not.toHaveBeenCalled();
  });

  it("signs up and asks the user to check their e-mail, with the mailbox hint when the server has one", async () => {
    const { user, auth, router } = renderApp({ path: "/register", mailbox: true });
    await screen.findByRole("heading", { level: 1, name: "Create your account" });
    expect(document.title).toBe("Create your account · Trigger Switch");
    await fill(user, "ada@example.com", "correct horse", "correct horse");
    expect(await screen.findByRole("heading", { level: 1, name: "Check your e-mail" })).toBeInTheDocument();
    // A page of its own to the reader: its own title too, and the next page's after it.
    expect(document.title).toBe("Check your e-mail · Trigger Switch");
    expect(auth.mocks.signUp).toHaveBeenCalledWith({
      email: "ada@example.com",
      password: "correct horse",
      options: { emailRedirectTo: `${window.location.origin}/login` },
    });
    expect(
      await screen.findByText(
        /No mail server is configured: e-mails are kept in a local mailbox that only the person running this server can open/,
      ),
    ).toBeInTheDocument();
    expect(screen.getByText(/printed in the server's start-up log/)).toHaveTextContent(
      "If that is you, open the mailbox address printed in the server's start-up log (it ends in ?key=…); after that, /dev/mailbox opens in this browser. If not, ask them to pass the e-mail on to you.",
    );
    expect(screen.getByRole("link", { name: "/dev/mailbox" })).toHaveAttribute("href", "/dev/mailbox");
    // It does not claim an e-mail went out.
    expect(screen.getByRole("status")).toHaveTextContent(
      "Your sign-up e-mail for ada@example.com is ready, but it was not e-mailed",
    );
    // True whether the address was new or already had an account (that one is mailed how to sign in).
    expect(screen.getByRole("status")).toHaveTextContent(
      "For a new account it holds a link that activates it and signs you in; if this address already has an account, it says how to sign in.",
    );
    expect(screen.queryByText(/We sent/)).not.toBeInTheDocument();
    await user.click(screen.getByRole("link", { name: "Go to sign in" }));
    await screen.findByRole("heading", { level: 1, name: "Sign in" });
    expect(router.state.location.pathname).toBe("/login");
    expect(document.title).toBe("Sign in · Trigger Switch");
  });

  it("shows no mailbox hint when the server sends real mail", async () => {
    const { user } = renderApp({ path: "/register", mailbox: false });
    await fill(user, "ada@example.com", "correct horse", "correct horse");
    await screen.findByRole("heading", { name: "Check your e-mail" });
    expect(screen.queryByText(/No mail server is configured/)).not.toBeInTheDocument();
    expect(await screen.findByText(/We sent your sign-up e-mail to/)).toHaveTextContent(
      "We sent your sign-up e-mail to ada@example.com. If nothing arrives within a few minutes, check your spam folder.",
    );
  });

  it("goes straight on to completing the profile when the server confirms at once", async () => {
    const { user, router } = renderApp({ path: "/register", autoconfirm: true });
    await fill(user, "ada@example.com", "correct horse", "correct horse");
    // The guard's 500 ms minimum, then the profile page's chunk: room for a busy machine.
    await screen.findByRole("heading", { name: "Your profile" }, AFTER_GUARD);
    expect(router.state.location.pathname).toBe("/profile");
  });
});
