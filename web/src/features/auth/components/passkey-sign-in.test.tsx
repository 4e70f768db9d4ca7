import { screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import type { Session } from "@supabase/auth-js";
import { makeMfaSession, makeProfile } from "@/testing/fakes";
import { renderApp } from "@/testing/render-app";
import { pretendPasskeysWork } from "@/testing/webauthn-browser";

const AFTER_GUARD = { timeout: 5000 };

/** An aal1 session of an account whose second factors are `factors` (a passkey, maybe an app). */
function withFactors(factors: { id: string; type: "webauthn" | "totp"; name: string }[]): Session {
  const session = makeMfaSession("aal1");
  return {
    ...session,
    user: {
      ...session.user,
      factors: factors.map((f) => ({
        id: f.id,
        friendly_name: f.name,
        factor_type: f.type,
        status: "verified" as const,
        created_at: "2025-01-01T00:00:00Z",
        updated_at: "2025-01-01T00:00:00Z",
      })),
    },
  };
}

describe("signing in with a passkey", () => {
  it("offers no passkey where the browser cannot use one", async () => {
    renderApp({ path: "/login" });
    expect(await screen.findByRole("button", { name: "Sign in" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Sign in with a passkey" })).not.toBeInTheDocument();
  });

  it("signs in without a password and moves on: the passkey's session is aal2", async () => {
    pretendPasskeysWork();
    const { user, auth, router } = renderApp({ path: "/login", profile: makeProfile() });
    auth.mocks.signInWithPasskey.mockImplementation(async () => {
      auth.emit("SIGNED_IN", makeMfaSession("aal2", "ada@example.com", "passkey"));
      return { data: null, error: null } as never;
    });
    await user.click(await screen.findByRole("button", { name: "Sign in with a passkey" }));
    expect(auth.mocks.signInWithPasskey).toHaveBeenCalled();
    await vi.waitFor(() => expect(router.state.location.pathname).toBe("/dashboard"), AFTER_GUARD);
  });

  it("shows the server's sentence when it refuses the passkey", async () => {
    pretendPasskeysWork();
    const { user, auth } = renderApp({ path: "/login" });
    auth.mocks.signInWithPasskey.mockResolvedValue({
      data: null,
      error: Object.assign(
        new Error("This passkey is not registered with Trigger Switch (it may have been removed)."),
        {
          name: "AuthApiError",
          code: "webauthn_credential_not_found",
        },
      ),
    } as never);
    await user.click(await screen.findByRole("button", { name: "Sign in with a passkey" }));
    expect(await screen.findByText(/This passkey is not registered with Trigger Switch/)).toBeInTheDocument();
  });
});

describe("the second step with a passkey", () => {
  it("confirms with the passkey and moves on, asking for no code when the passkey is the only factor", async () => {
    pretendPasskeysWork();
    const { user, auth, router } = renderApp({
      path: "/login",
      session: withFactors([{ id: "pk1", type: "webauthn", name: "Passkey on Chrome on Linux" }]),
      profile: makeProfile(),
    });
    auth.mocks.mfa.webauthn.authenticate.mockImplementation(async () => {
      auth.emit("MFA_CHALLENGE_VERIFIED", makeMfaSession("aal2"));
      return { data: null, error: null } as never;
    });
    expect(await screen.findByText(/^Your password was right\. Now confirm it is you with your passkey/)).toBeVisible();
    expect(screen.queryByLabelText("Code from your authenticator app")).not.toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Use your passkey" }));
    expect(auth.mocks.mfa.webauthn.authenticate).toHaveBeenCalledWith(
      { factorId: "pk1" },
      expect.objectContaining({ hints: expect.arrayContaining(["client-device"]) }),
    );
    await vi.waitFor(() => expect(router.state.location.pathname).toBe("/dashboard"), AFTER_GUARD);
  });

  it("offers the passkey and the authenticator app's code side by side", async () => {
    pretendPasskeysWork();
    renderApp({
      path: "/login",
      session: withFactors([
        { id: "pk1", type: "webauthn", name: "Passkey on Chrome on Linux" },
        { id: "f1", type: "totp", name: "Phone app" },
      ]),
    });
    expect(await screen.findByRole("button", { name: "Use your passkey" })).toBeInTheDocument();
    expect(screen.getByLabelText("Code from your authenticator app")).toBeInTheDocument();
    // Said once: the code is offered as the other way, the password's news is not repeated.
    expect(screen.getAllByText(/Your password was right/)).toHaveLength(1);
    expect(screen.getByText(/^Or enter the 6-digit code your authenticator app shows/)).toBeInTheDocument();
    // The code form chooses among code factors only: the passkey is not in its list.
    expect(screen.queryByRole("combobox")).not.toBeInTheDocument();
  });

  it("says the passkey prompt was cancelled, and lets the person try again", async () => {
    pretendPasskeysWork();
    const { user, auth } = renderApp({
      path: "/login",
      session: withFactors([{ id: "pk1", type: "webauthn", name: "Passkey" }]),
    });
    auth.mocks.mfa.webauthn.authenticate.mockResolvedValue({
      data: null,
      error: Object.assign(new Error("not allowed"), { name: "NotAllowedError" }),
    } as never);
    await user.click(await screen.findByRole("button", { name: "Use your passkey" }));
    expect(await screen.findByText(/the request was cancelled or timed out/)).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Use your passkey" })).toBeEnabled();
  });
});
