import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderApp } from "@/testing/render-app";

// The web applies the server's password policy, from one home (contracts/src/auth/password-policy.ts).
describe("the registration form's password length", () => {
  async function register(password: string) {
    const app = renderApp({ path: "/register" });
    await app.user.type(await screen.findByLabelText("E-mail"), "ada@example.com");
    await app.user.click(screen.getByLabelText("Password"));
    await app.user.paste(password);
    await app.user.click(screen.getByLabelText("Confirm password"));
    await app.user.paste(password);
    await app.user.click(screen.getByRole("button", { name: "Create account" }));
    return app;
  }

  it("takes a 100-character passphrase, as the server does", async () => {
    const { auth } = await register("a long passphrase ".repeat(6).slice(0, 100));
    expect(await screen.findByRole("heading", { name: "Check your e-mail" })).toBeInTheDocument();
    expect(auth.mocks.signUp).toHaveBeenCalled();
  });

  it("refuses one over 256 characters with the server's words", async () => {
    const { auth } = await register("x".repeat(257));
    expect(await screen.findByText("Use at most 256 characters")).toBeInTheDocument();
    expect(auth.mocks.signUp).not.toHaveBeenCalled();
  });
});
