import { screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Handler } from "@/testing/fakes";
import { renderApp } from "@/testing/render-app";

const TOKEN = "t".repeat(43);
// The page's code loads lazily.
const LOADED = { timeout: 5000 };
const alert = {
  device: "Safari on iPhone",
  ip: "198.51.100.7",
  signed_in_at: "2026-03-01T10:00:00Z",
  session_active: true,
  handled: false,
};

function openLink(api: Record<string, Handler>) {
  // The link from the e-mail carries its token in the fragment.
  window.history.replaceState(null, "", `/report-sign-in#token=${TOKEN}`);
  return renderApp({ path: "/report-sign-in", api });
}

afterEach(() => window.history.replaceState(null, "", "/"));

describe('"This wasn\'t me" from a new-device e-mail', { timeout: 20000 }, () => {
  it("shows the sign-in, takes the token out of the address, and signs everything out on request", async () => {
    const bodies: unknown[] = [];
    const { user } = openLink({
      "POST /auth/v1/sign-in-alert": ({ body }) => (bodies.push(body), { body: alert }),
      "POST /auth/v1/sign-in-alert/act": ({ body }) => (
        bodies.push(body),
        { body: { ended: 3, password_reset_sent: true } }
      ),
    });
    expect(await screen.findByText(/That device is still signed in/, {}, LOADED)).toHaveTextContent(
      "A sign-in from Safari on iPhone (address 198.51.100.7)",
    );
    expect(window.location.hash).toBe("");
    await user.click(screen.getByRole("button", { name: "Sign out everywhere and block my password" }));
    expect(
      await screen.findByText("Every device was signed out (3 sessions) and your password no longer works."),
    ).toBeInTheDocument();
    expect(screen.getByText(/We e-mailed you a link to set a new password/)).toBeInTheDocument();
    expect(bodies).toEqual([{ token: TOKEN }, { token: TOKEN, scope: "all" }]);
  });

  it("can sign out only that device, then points to a password change", async () => {
    const act = vi.fn(() => ({ body: { ended: 1, password_reset_sent: false } }));
    const { user } = openLink({
      "POST /auth/v1/sign-in-alert": () => ({ body: alert }),
      "POST /auth/v1/sign-in-alert/act": act,
    });
    await user.click(await screen.findByRole("button", { name: "Only sign out Safari on iPhone" }, LOADED));
    expect(await screen.findByText("Safari on iPhone was signed out. It must sign in again.")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Reset my password" })).toHaveAttribute("href", "/forgot-password");
  });

  it("says so when the link was used or has expired", async () => {
    openLink({
      "POST /auth/v1/sign-in-alert": () => ({
        status: 403,
        body: { code: 403, error_code: "otp_expired", msg: "This link has expired or is not valid." },
      }),
    });
    expect(await screen.findByText("This link has expired or is not valid.", {}, LOADED)).toBeInTheDocument();
  });
});
