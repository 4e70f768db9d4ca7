import { screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { AuthError, makeMfaSession, makeProfile } from "@/testing/fakes";
import { renderApp } from "@/testing/render-app";

const AFTER_GUARD = { timeout: 5000 };

describe("signing in to an account with an authenticator app", () => {
  it("treats aal1 with aal2 next as not signed in: a guarded page leads to the code step", async () => {
    const { router, server } = renderApp({
      path: "/dashboard",
      session: makeMfaSession("aal1"),
      profile: makeProfile(),
    });
    expect(await screen.findByText("Two-step sign-in", {}, AFTER_GUARD)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/login");
    // Nothing of the account is asked for before the code.
    expect(server.calls.some((c) => c.path === "/api/profile")).toBe(false);
  });

  it("sends the code and moves on once the session is aal2", async () => {
    const { user, auth, router } = renderApp({
      path: "/login",
      session: makeMfaSession("aal1"),
      profile: makeProfile(),
    });
    auth.mocks.mfa.challengeAndVerify.mockImplementation(async () => {
      auth.emit("MFA_CHALLENGE_VERIFIED", makeMfaSession("aal2"));
      return { data: null, error: null } as never;
    });
    await user.type(await screen.findByLabelText("Code from your authenticator app"), "123 456");
    await user.click(screen.getByRole("button", { name: "Verify and sign in" }));
    expect(auth.mocks.mfa.challengeAndVerify).toHaveBeenCalledWith({ factorId: "factor-1", code: "123456" });
    await vi.waitFor(() => expect(router.state.location.pathname).toBe("/dashboard"));
  });

  it("says why a code was refused and lets the person try again", async () => {
    const { user, auth } = renderApp({ path: "/login", session: makeMfaSession("aal1") });
    auth.mocks.mfa.challengeAndVerify.mockResolvedValue({
      data: null,
      error: Object.assign(new AuthError("Invalid code", 422), { code: "mfa_verification_failed" }),
    } as never);
    await user.type(await screen.findByLabelText("Code from your authenticator app"), "000000");
    await user.click(screen.getByRole("button", { name: "Verify and sign in" }));
    expect(await screen.findByText(/That code is not right/)).toBeInTheDocument();
    expect(screen.getByLabelText("Code from your authenticator app")).toHaveValue("");
  });

  it("says a code used once already is used, not that the phone's clock may be wrong", async () => {
    const { user, auth } = renderApp({ path: "/login", session: makeMfaSession("aal1") });
    auth.mocks.mfa.challengeAndVerify.mockResolvedValue({
      data: null,
      error: Object.assign(new AuthError("That code, or a newer one, was already used.", 422), {
        code: "mfa_code_already_used",
      }),
    } as never);
    await user.type(await screen.findByLabelText("Code from your authenticator app"), "123456");
    await user.click(screen.getByRole("button", { name: "Verify and sign in" }));
    expect(
      await screen.findByText(
        "That code, or a newer one, was already used. Wait for your authenticator app to show a new code (every 30 seconds) and enter that.",
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText(/clock/)).not.toBeInTheDocument();
  });

  it("says the password was right only after a password sign-in", async () => {
    renderApp({ path: "/login", session: makeMfaSession("aal1") });
    expect(await screen.findByText(/^Your password was right\. Now enter the 6-digit code/)).toBeInTheDocument();
  });

  it("after a password-reset link says the link worked, not that a password was right", async () => {
    renderApp({
      path: "/reset-password",
      session: makeMfaSession("aal1", "ada@example.com", "recovery"),
      linkHint: { type: "recovery", errorDescription: null, errorCode: null },
    });
    expect(
      await screen.findByText(
        /^Your password-reset link worked\. Before you choose a new password, enter the 6-digit code your authenticator app shows for/,
        {},
        AFTER_GUARD,
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText(/password was right/)).not.toBeInTheDocument();
  });

  it("after a new e-mail address is confirmed says why the code is asked for again", async () => {
    const { router } = renderApp({
      path: "/profile",
      session: makeMfaSession("aal1", "ada.new@example.com", "email_change"),
      profile: makeProfile(),
    });
    expect(
      await screen.findByText(
        /^Your new e-mail address is confirmed\. Following the link signed this browser in again, and this account asks for its second factor at every sign-in\. To continue, enter the 6-digit code/,
        {},
        AFTER_GUARD,
      ),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/login");
    expect(screen.queryByText(/password was right/)).not.toBeInTheDocument();
  });

  it("does not send a code that is not 6 digits", async () => {
    const { user, auth } = renderApp({ path: "/login", session: makeMfaSession("aal1") });
    await user.type(await screen.findByLabelText("Code from your authenticator app"), "12");
    await user.click(screen.getByRole("button", { name: "Verify and sign in" }));
    expect(await screen.findByText("Enter the 6 digits your authenticator app shows.")).toBeInTheDocument();
    expect(auth.mocks.mfa.challengeAndVerify).not.toHaveBeenCalled();
  });

  it("lets an aal2 session through the guard", async () => {
    renderApp({ path: "/dashboard", session: makeMfaSession("aal2"), profile: makeProfile() });
    expect(await screen.findByRole("heading", { level: 1 }, AFTER_GUARD)).toBeInTheDocument();
    expect(screen.queryByText("Two-step sign-in")).not.toBeInTheDocument();
  });
});

describe("signing in with a phone factor or a recovery code", { timeout: 20000 }, () => {
  const phoneSession = () => {
    const session = makeMfaSession("aal1");
    const phone = {
      id: "factor-2",
      friendly_name: "",
      factor_type: "phone",
      phone: "+447700900123",
      status: "verified",
      created_at: "2025-01-01T00:00:00Z",
      updated_at: "2025-01-01T00:00:00Z",
    };
    return { ...session, user: { ...session.user, factors: [phone] } } as never;
  };
  const settings = (channels: string[]) => ({
    "GET /auth/v1/settings": () => ({ body: { external: { email: true }, mfa_phone_channels: channels } }),
  });

  it("sends the code by the chosen channel and answers that very challenge", async () => {
    const { user, auth, router } = renderApp({
      path: "/login",
      session: phoneSession(),
      profile: makeProfile(),
      api: settings(["sms", "whatsapp"]),
    });
    auth.mocks.mfa.challenge.mockResolvedValue({
      data: { id: "challenge-7", type: "phone", expires_at: 0 },
      error: null,
    } as never);
    auth.mocks.mfa.verify.mockImplementation(async () => {
      auth.emit("MFA_CHALLENGE_VERIFIED", makeMfaSession("aal2"));
      return { data: null, error: null } as never;
    });
    await user.click(await screen.findByRole("button", { name: "Send the code by WhatsApp" }, AFTER_GUARD));
    expect(auth.mocks.mfa.challenge).toHaveBeenCalledWith({ factorId: "factor-2", channel: "whatsapp" });
    expect(
      await screen.findByText("Code sent by WhatsApp to +447700900123. It works for 5 minutes."),
    ).toBeInTheDocument();
    await user.type(screen.getByLabelText("Code from the message"), "654321");
    await user.click(screen.getByRole("button", { name: "Verify and sign in" }));
    expect(auth.mocks.mfa.verify).toHaveBeenCalledWith({
      factorId: "factor-2",
      challengeId: "challenge-7",
      code: "654321",
    });
    expect(auth.mocks.mfa.challengeAndVerify).not.toHaveBeenCalled();
    await vi.waitFor(() => expect(router.state.location.pathname).toBe("/dashboard"));
  });

  it("asks for the code to be sent first, and says so when the server can no longer send it", async () => {
    const { user, auth } = renderApp({ path: "/login", session: phoneSession(), api: settings([]) });
    expect(
      await screen.findByText(
        "This server can no longer send codes by message. Use another factor or a recovery code.",
        {},
        AFTER_GUARD,
      ),
    ).toBeInTheDocument();
    await user.type(screen.getByLabelText("Code from the message"), "654321");
    await user.click(screen.getByRole("button", { name: "Verify and sign in" }));
    expect(await screen.findByText("Send the code to your phone first.")).toBeInTheDocument();
    expect(auth.mocks.mfa.verify).not.toHaveBeenCalled();
  });

  it("takes a recovery code in place of the factor and hands the raised session to auth-js", async () => {
    const bodies: unknown[] = [];
    const { user, auth } = renderApp({
      path: "/login",
      session: makeMfaSession("aal1"),
      api: {
        "POST /auth/v1/user/recovery-codes/verify": ({ body }) => (
          bodies.push(body),
          { body: { access_token: "new-access", refresh_token: "new-refresh", user: {} } }
        ),
      },
    });
    await user.click(
      await screen.findByRole("button", { name: "Lost your phone or app? Use a recovery code" }, AFTER_GUARD),
    );
    await user.type(screen.getByLabelText("Recovery code"), "abcd-efgh");
    await user.click(screen.getByRole("button", { name: "Sign in with the recovery code" }));
    expect(
      await screen.findByText("A recovery code has 16 letters and digits, like abcd-efgh-jkmn-pqrs."),
    ).toBeInTheDocument();
    await user.clear(screen.getByLabelText("Recovery code"));
    await user.type(screen.getByLabelText("Recovery code"), "abcd-efgh-jkmn-pqrs");
    await user.click(screen.getByRole("button", { name: "Sign in with the recovery code" }));
    await vi.waitFor(() =>
      expect(auth.mocks.setSession).toHaveBeenCalledWith({ access_token: "new-access", refresh_token: "new-refresh" }),
    );
    expect(bodies).toEqual([{ code: "abcd-efgh-jkmn-pqrs" }]);
  });
});

describe("the sign-in page", () => {
  /** Signs in to an unconfirmed account: the page offers the resend. */
  async function unconfirmed(options: Parameters<typeof renderApp>[0] = {}) {
    const app = renderApp({ path: "/login", ...options });
    app.auth.mocks.signInWithPassword.mockResolvedValueOnce({
      data: { session: null, user: null },
      error: Object.assign(new AuthError("Email not confirmed", 400), { code: "email_not_confirmed" }),
    } as never);
    await app.user.type(await screen.findByLabelText("E-mail"), "ada@example.com");
    await app.user.type(screen.getByLabelText("Password"), "correct horse");
    await app.user.click(screen.getByRole("button", { name: "Sign in" }));
    return app;
  }
  const resendButton = () => screen.findByRole("button", { name: "Send the confirmation e-mail again" });

  it("offers to resend the confirmation for 'Email not confirmed', and says it was sent once the server took it", async () => {
    const { user, auth } = await unconfirmed();
    await user.click(await resendButton());
    expect(auth.mocks.resend).toHaveBeenCalledWith(
      expect.objectContaining({ type: "signup", email: "ada@example.com" }),
    );
    expect(await screen.findByText(/We sent a new confirmation link to/)).toHaveTextContent(
      "We sent a new confirmation link to ada@example.com. If nothing arrives within a few minutes, check your spam folder.",
    );
    expect(screen.getByText("The earlier link no longer works: use the newest one.")).toBeInTheDocument();
  });

  it("says what the server's 'Email not confirmed' and 'User is banned' mean, in sentences a person can act on", async () => {
    await unconfirmed();
    expect(
      await screen.findByText("You need to confirm your e-mail address before you can sign in."),
    ).toBeInTheDocument();
    expect(screen.queryByText("Email not confirmed")).not.toBeInTheDocument();

    const { user, auth } = renderApp({ path: "/login" });
    auth.mocks.signInWithPassword.mockResolvedValueOnce({
      data: { session: null, user: null },
      error: Object.assign(new AuthError("User is banned", 400), { code: "user_banned" }),
    } as never);
    await user.type((await screen.findAllByLabelText("E-mail")).at(-1)!, "ada@example.com");
    await user.type(screen.getAllByLabelText("Password").at(-1)!, "correct horse");
    await user.click(screen.getAllByRole("button", { name: "Sign in" }).at(-1)!);
    expect(
      await screen.findByText(
        "This account has been disabled by the administrator of this service, so it cannot be used. Ask them to enable it again.",
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText("User is banned")).not.toBeInTheDocument();
  });

  it("says nothing was sent when the server answers that a link went less than a minute ago, then offers it again", async () => {
    const { user, auth } = await unconfirmed();
    auth.mocks.resend.mockResolvedValueOnce({
      data: { user: null, session: null },
      error: Object.assign(new AuthError("For security purposes, you can only request this after 1 seconds.", 429), {
        code: "over_email_send_rate_limit",
      }),
    } as never);
    await user.click(await resendButton());
    expect(await screen.findByText(/Nothing was sent/)).toHaveTextContent(
      "Nothing was sent: a new link for ada@example.com was asked for less than a minute ago, and we send at most one a minute. You can ask again in 1 second.",
    );
    expect(screen.queryByText(/We sent|on its way/)).not.toBeInTheDocument();
    expect(await resendButton()).toBeEnabled();
  });

  it("says the new link was kept in the local mailbox, not e-mailed, on a server without a mail server", async () => {
    const { user } = await unconfirmed({ mailbox: true });
    await user.click(await resendButton());
    expect(await screen.findByText(/is ready, but it was not e-mailed/)).toHaveTextContent(
      "A new confirmation link for ada@example.com is ready, but it was not e-mailed",
    );
    expect(screen.queryByText(/We sent|on its way/)).not.toBeInTheDocument();
  });

  it("offers no resend where no e-mail can reach anyone (no mail server, no mailbox)", async () => {
    await unconfirmed({
      api: { "GET /api/meta": () => ({ body: { mailbox: false, mail: "outbox", autoconfirm: false, version: "t" } }) },
    });
    expect(await screen.findByText(/no e-mail can reach/)).toHaveTextContent(
      "This server has no mail server configured, so no e-mail can reach ada@example.com.",
    );
    expect(screen.queryByRole("button", { name: "Send the confirmation e-mail again" })).not.toBeInTheDocument();
  });

  it("shows a button only for each configured provider, and starts its sign-in", async () => {
    const start = vi.fn(async () => ({ error: null }));
    const { user } = renderApp({
      path: "/login",
      oauth: { start, finish: vi.fn() },
      api: {
        "GET /auth/v1/settings": () => ({
          body: { external: { email: true, phone: false, google: false, keycloak: true }, password_min_length: 8 },
        }),
      },
    });
    const button = await screen.findByRole("button", { name: "Continue with Keycloak" });
    expect(screen.queryByRole("button", { name: /Google/ })).not.toBeInTheDocument();
    await user.click(button);
    expect(start).toHaveBeenCalledWith("keycloak");
  });

  it("shows no provider buttons when none is configured", async () => {
    renderApp({
      path: "/login",
      oauth: { start: vi.fn(), finish: vi.fn() },
      api: { "GET /auth/v1/settings": () => ({ body: { external: { email: true, google: false } } }) },
    });
    expect(await screen.findByRole("button", { name: "Sign in" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /Continue with/ })).not.toBeInTheDocument();
  });

  it("finishes a provider sign-in from ?code= and takes the code out of the address", async () => {
    const finish = vi.fn(async () => ({ error: null }));
    const { router } = renderApp({ path: "/login?code=abc-123", oauth: { start: vi.fn(), finish } });
    await vi.waitFor(() => expect(finish).toHaveBeenCalledWith("abc-123"));
    expect(router.state.location.search).toBe("");
    expect(finish).toHaveBeenCalledTimes(1);
  });

  it("says why a provider sign-in failed", async () => {
    renderApp({
      path: "/login?error=access_denied&error_description=An%20account%20with%20this%20e-mail%20address%20already%20exists.",
    });
    expect(await screen.findByText("An account with this e-mail address already exists.")).toBeInTheDocument();
  });

  it("signs a new user in right after sign-up when the server confirms at once", async () => {
    const { user, auth, router } = renderApp({
      path: "/register",
      api: { "GET /api/meta": () => ({ body: { mailbox: false, autoconfirm: true, version: "t" } }) },
    });
    await user.type(await screen.findByLabelText("E-mail"), "ada@example.com");
    await user.type(screen.getByLabelText("Password"), "correct horse");
    await user.type(screen.getByLabelText("Confirm password"), "correct horse");
    await user.click(screen.getByRole("button", { name: "Create account" }));
    await vi.waitFor(() =>
      expect(auth.mocks.signInWithPassword).toHaveBeenCalledWith({
        email: "ada@example.com",
        password: "correct horse",
      }),
    );
    await vi.waitFor(() => expect(router.state.location.pathname).not.toBe("/register"));
  });
});
