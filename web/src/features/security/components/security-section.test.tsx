import { screen, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { createFakePush } from "@/testing/fake-push";
import { makeMfaSession, makeProfile, makeSession, type Handler } from "@/testing/fakes";
import { renderApp } from "@/testing/render-app";

// The guard holds the page 500 ms and the profile page loads lazily.
const AFTER_GUARD = { timeout: 15_000 };
const sessions = [
  {
    id: "s1",
    device: "Firefox on Windows",
    ip: "203.0.113.5",
    aal: "aal1",
    created_at: "2026-03-01T10:00:00Z",
    last_used_at: "2026-03-02T10:00:00Z",
    current: true,
  },
  {
    id: "s2",
    device: "Safari on iPhone",
    ip: "198.51.100.7",
    aal: "aal1",
    created_at: "2026-02-01T10:00:00Z",
    last_used_at: "2026-02-03T10:00:00Z",
    current: false,
  },
];
const log = [
  {
    id: 4,
    kind: "identity_linked",
    created_at: "2026-03-03T09:00:00Z",
    ip: "198.51.100.7",
    device: "Firefox on Windows",
    detail: { provider: "Google" },
  },
  {
    id: 3,
    kind: "sign_in_failed",
    created_at: "2026-03-02T09:00:00Z",
    ip: "198.51.100.7",
    device: "Safari on iPhone",
    detail: { reason: "wrong_password" },
  },
  {
    id: 2,
    kind: "factor_added",
    created_at: "2026-03-01T11:00:00Z",
    ip: null,
    device: null,
    detail: { factor: "Phone app" },
  },
  {
    id: 4,
    kind: "factor_code_failed",
    created_at: "2026-03-01T10:59:00Z",
    ip: null,
    device: null,
    detail: { factor: "Phone app", type: "totp" },
  },
  {
    id: 1,
    kind: "sign_in",
    created_at: "2026-03-01T10:00:00Z",
    ip: "203.0.113.5",
    device: "Firefox on Windows",
    detail: { method: "password" },
  },
];

function renderProfile(api: Record<string, Handler> = {}) {
  return renderApp({
    path: "/profile",
    signedIn: true,
    profile: makeProfile(),
    api: {
      "GET /auth/v1/user/sessions": () => ({ body: sessions }),
      "GET /auth/v1/user/security-log": () => ({ body: log }),
      ...api,
    },
  });
}

describe("the profile's Security section", { timeout: 20000 }, () => {
  it(
    "adds an authenticator app: the QR code inline, the key to type, then a code to finish",
    { timeout: 20000 },
    async () => {
      const { user, auth } = renderProfile();
      auth.mocks.mfa.enroll.mockResolvedValue({
        data: {
          id: "f9",
          type: "totp",
          friendly_name: "Pixel",
          totp: {
            qr_code: "data:image/svg+xml;utf-8,<svg xmlns='http://www.w3.org/2000/svg'/>",
            secret: "JBSWY3DPEHPK3PXP",
            uri: "otpauth://totp/x",
          },
        },
        error: null,
      } as never);
      auth.mocks.mfa.challengeAndVerify.mockResolvedValue({ data: {}, error: null } as never);
      const name = await screen.findByLabelText("Name of the app or device", {}, AFTER_GUARD);
      await user.clear(name);
      await user.type(name, "Pixel");
      await user.click(screen.getByRole("button", { name: "Add an authenticator app" }));

      const qr = await screen.findByAltText("QR code for your authenticator app");
      expect(qr.getAttribute("src")).toMatch(/^data:image\/svg\+xml/);
      expect(screen.getByTestId("totp-secret")).toHaveTextContent("JBSWY3DPEHPK3PXP");
      expect(auth.mocks.mfa.enroll).toHaveBeenCalledWith({
        factorType: "totp",
        friendlyName: "Pixel",
        issuer: "Trigger Switch",
      });

      await user.type(screen.getByLabelText("2. Enter the 6-digit code the app shows"), "123456");
      await user.click(screen.getByRole("button", { name: "Turn on two-step sign-in" }));
      expect(auth.mocks.mfa.challengeAndVerify).toHaveBeenCalledWith({ factorId: "f9", code: "123456" });
      expect(await screen.findByText("Two-step sign-in is on")).toBeInTheDocument();
    },
  );

  it("forgets a half-made authenticator when the enrolment is cancelled", { timeout: 20000 }, async () => {
    const { user, auth } = renderProfile();
    auth.mocks.mfa.enroll.mockResolvedValue({
      data: { id: "f9", type: "totp", totp: { qr_code: "data:,", secret: "S", uri: "u" } },
      error: null,
    } as never);
    await user.click(await screen.findByRole("button", { name: "Add an authenticator app" }, AFTER_GUARD));
    await user.click(await screen.findByRole("button", { name: "Cancel" }));
    await vi.waitFor(() => expect(auth.mocks.mfa.unenroll).toHaveBeenCalledWith({ factorId: "f9" }));
  });

  it("lists sessions with the device and ends another one", async () => {
    const calls: string[] = [];
    const { user } = renderProfile({
      "DELETE /auth/v1/user/sessions/:id": ({ params }) => (calls.push(params.id!), { status: 204, body: null }),
    });
    const list = await screen.findByRole("list", { name: "Sessions" }, AFTER_GUARD);
    const [current, other] = within(list).getAllByRole("listitem");
    expect(current).toHaveTextContent("Firefox on Windows");
    expect(current).toHaveTextContent("This device");
    expect(within(current!).queryByRole("button", { name: "End session" })).not.toBeInTheDocument();
    await user.click(within(other!).getByRole("button", { name: "End session" }));
    await user.click(await screen.findByRole("button", { name: "End session" }));
    await vi.waitFor(() => expect(calls).toEqual(["s2"]));
    expect(await screen.findByText("Session ended")).toBeInTheDocument();
    // One device was signed out: said of that one, not of "those devices".
    expect(screen.getByText("Safari on iPhone must sign in again.")).toBeInTheDocument();
    expect(screen.queryByText(/Those devices/)).not.toBeInTheDocument();
  });

  it("says before signing out everywhere else that notification devices stay on, only when there are some", async () => {
    const withDevice = createFakePush({ available: true });
    withDevice.addDevice("Ada's phone");
    const { user, unmount } = renderApp({
      path: "/profile",
      signedIn: true,
      profile: makeProfile(),
      push: withDevice,
      api: { "GET /auth/v1/user/sessions": () => ({ body: sessions }) },
    });
    await screen.findByText("Ada's phone", {}, AFTER_GUARD);
    await user.click(await screen.findByRole("button", { name: "Sign out everywhere else" }));
    expect(await screen.findByText(/Notifications stay on for your devices until you remove them/)).toBeInTheDocument();
    unmount();

    const again = renderProfile();
    await again.user.click(await screen.findByRole("button", { name: "Sign out everywhere else" }, AFTER_GUARD));
    expect(await screen.findByText("It is signed out at once and must sign in again.")).toBeInTheDocument();
    expect(screen.queryByText(/Notifications stay on/)).not.toBeInTheDocument();
  });

  it("words the security log and marks failed sign-ins", async () => {
    renderProfile();
    const list = await screen.findByRole("list", { name: "Security log" }, AFTER_GUARD);
    const items = within(list)
      .getAllByRole("listitem")
      .map((li) => li.querySelector("p")!.textContent);
    expect(items).toEqual([
      "Sign-in with Google linked to your account",
      "Failed sign-in: wrong password",
      "Authenticator “Phone app” added",
      "Wrong code while adding authenticator “Phone app” (not a sign-in)",
      "Signed in with your password",
    ]);
  });

  it("writes the security log's times in the profile's zone, not the browser's (as every owner page does)", async () => {
    // The browser runs in UTC here; the owner's profile says Tokyo (UTC+9).
    renderApp({
      path: "/profile",
      signedIn: true,
      profile: makeProfile({ time_zone: "Asia/Tokyo" }),
      api: {
        "GET /auth/v1/user/sessions": () => ({ body: sessions }),
        "GET /auth/v1/user/security-log": () => ({ body: log }),
      },
    });
    const list = await screen.findByRole("list", { name: "Security log" }, AFTER_GUARD);
    const signIn = within(list).getAllByRole("listitem").at(-1)!;
    // 10:00 UTC on 1 March is 19:00 in Tokyo.
    expect(signIn.textContent).toMatch(/19:00|7:00\sPM/);
    expect(signIn.textContent).not.toMatch(/10:00/);
  });

  it("deletes the account only after DELETE is typed, with the password, then signs out", async () => {
    let body: unknown;
    const { user, router } = renderProfile({
      "DELETE /api/account": (req) => ((body = req.body), { status: 204, body: null }),
    });
    await user.click(await screen.findByRole("button", { name: "Delete my account" }, AFTER_GUARD));
    const dialog = await screen.findByRole("dialog");
    const confirm = within(dialog).getByRole("button", { name: "Delete my account" });
    expect(confirm).toBeDisabled();
    await user.type(within(dialog).getByLabelText("Your password"), "correct horse");
    await user.type(within(dialog).getByLabelText("Type DELETE to confirm"), "DELETE");
    await user.click(confirm);
    await vi.waitFor(() => expect(body).toEqual({ password: "correct horse" }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe("/"));
    expect(await screen.findByText("Your account was deleted")).toBeInTheDocument();
  });

  it("keeps the account and says so beside the field when the password is wrong", async () => {
    const { user, router } = renderProfile({
      "DELETE /api/account": () => ({
        status: 403,
        body: {
          error: {
            code: "forbidden",
            message: "Enter your current password to confirm.",
            fields: { password: "This password is not right" },
          },
        },
      }),
    });
    await user.click(await screen.findByRole("button", { name: "Delete my account" }, AFTER_GUARD));
    const dialog = await screen.findByRole("dialog");
    await user.type(within(dialog).getByLabelText("Your password"), "wrong");
    await user.type(within(dialog).getByLabelText("Type DELETE to confirm"), "DELETE");
    await user.click(within(dialog).getByRole("button", { name: "Delete my account" }));
    expect(await within(dialog).findByText("This password is not right")).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/profile");
    expect(screen.queryByText("Your account was deleted")).not.toBeInTheDocument();
  });

  it("asks an account without a password for none, and says a recent sign-in confirms it instead", async () => {
    let body: unknown = "not sent";
    const session = makeSession();
    session.user.app_metadata = { provider: "google", providers: ["google"] };
    const { user } = renderApp({
      path: "/profile",
      session,
      profile: makeProfile(),
      api: {
        "GET /auth/v1/user/sessions": () => ({ body: sessions }),
        "GET /auth/v1/user/security-log": () => ({ body: log }),
        "DELETE /api/account": (req) => (
          (body = req.body),
          {
            status: 403,
            body: {
              error: {
                code: "forbidden",
                message:
                  "Please sign in again first: deleting an account without a password needs a sign-in within the last 5 minutes.",
              },
            },
          }
        ),
      },
    });
    await user.click(await screen.findByRole("button", { name: "Delete my account" }, AFTER_GUARD));
    const dialog = await screen.findByRole("dialog");
    expect(within(dialog).queryByLabelText("Your password")).not.toBeInTheDocument();
    expect(
      within(dialog).getByText(/Your account has no password .* needs a sign-in within the last 5 minutes instead/),
    ).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText("Type DELETE to confirm"), "DELETE");
    await user.click(within(dialog).getByRole("button", { name: "Delete my account" }));
    expect(await within(dialog).findByRole("alert")).toHaveTextContent(
      "Please sign in again first: deleting an account without a password needs a sign-in within the last 5 minutes.",
    );
    expect(body ?? undefined).toBeUndefined();
  });

  it("says plainly when the server cannot send codes by message", { timeout: 20000 }, async () => {
    renderProfile({ "GET /auth/v1/settings": () => ({ body: { external: { email: true }, mfa_phone_channels: [] } }) });
    expect(
      await screen.findByText(
        /Codes by SMS or WhatsApp are not available: this server has no SMS or WhatsApp provider set up/,
        {},
        AFTER_GUARD,
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Add a phone" })).not.toBeInTheDocument();
  });

  it("adds a phone: the number, a code by the chosen channel, then that code", { timeout: 20000 }, async () => {
    const { user, auth } = renderProfile({
      "GET /auth/v1/settings": () => ({ body: { external: { email: true }, mfa_phone_channels: ["sms", "whatsapp"] } }),
    });
    auth.mocks.mfa.enroll.mockResolvedValue({
      data: { id: "p1", type: "phone", friendly_name: "My phone", phone: "+447700900123" },
      error: null,
    } as never);
    auth.mocks.mfa.challenge.mockResolvedValue({
      data: { id: "c1", type: "phone", expires_at: 0 },
      error: null,
    } as never);
    auth.mocks.mfa.verify.mockResolvedValue({ data: {}, error: null } as never);
    await user.type(await screen.findByLabelText("Mobile number", {}, AFTER_GUARD), "07700 900123");
    await user.click(screen.getByRole("button", { name: "Add a phone" }));
    expect(await screen.findByText(/international format/)).toBeInTheDocument();
    expect(auth.mocks.mfa.enroll).not.toHaveBeenCalled();

    await user.clear(screen.getByLabelText("Mobile number"));
    await user.type(screen.getByLabelText("Mobile number"), "+44 7700 900123");
    await user.click(screen.getByLabelText("WhatsApp"));
    await user.click(screen.getByRole("button", { name: "Add a phone" }));
    expect(auth.mocks.mfa.enroll).toHaveBeenCalledWith({
      factorType: "phone",
      friendlyName: "My phone",
      phone: "+447700900123",
    });
    expect(auth.mocks.mfa.challenge).toHaveBeenCalledWith({ factorId: "p1", channel: "whatsapp" });
    expect(await screen.findByText(/We sent a 6-digit code by WhatsApp to/)).toBeInTheDocument();
    await user.type(screen.getByLabelText("Code from the message"), "123456");
    await user.click(screen.getByRole("button", { name: "Turn on two-step sign-in" }));
    expect(auth.mocks.mfa.verify).toHaveBeenCalledWith({ factorId: "p1", challengeId: "c1", code: "123456" });
    expect(await screen.findByText("Two-step sign-in is on")).toBeInTheDocument();
  });

  it(
    "makes recovery codes once a factor is on, shows them once, and then only how many are left",
    { timeout: 20000 },
    async () => {
      let made = false;
      const codes = Array.from({ length: 10 }, (_, i) => `abcd-efgh-jkmn-pq${String.fromCharCode(97 + i)}${i + 2}`);
      const { user } = renderApp({
        path: "/profile",
        session: makeMfaSession("aal2"),
        profile: makeProfile(),
        api: {
          "GET /auth/v1/user/sessions": () => ({ body: sessions }),
          "GET /auth/v1/user/security-log": () => ({ body: log }),
          "GET /auth/v1/user/recovery-codes": () => ({
            body: made
              ? { total: 10, remaining: 10, created_at: "2026-03-01T10:00:00Z" }
              : { total: 0, remaining: 0, created_at: null },
          }),
          "POST /auth/v1/user/recovery-codes": () => (
            (made = true),
            { body: { codes, created_at: "2026-03-01T10:00:00Z" } }
          ),
        },
      });
      expect(
        await screen.findByText(/Without recovery codes, losing your second factor locks you out/, {}, AFTER_GUARD),
      ).toBeInTheDocument();
      await user.click(screen.getByRole("button", { name: "Make recovery codes" }));
      const list = await screen.findByTestId("recovery-codes");
      expect(
        within(list)
          .getAllByRole("listitem")
          .map((li) => li.textContent),
      ).toEqual(codes);
      await user.click(screen.getByRole("button", { name: "I have saved them" }));
      expect(await screen.findByText("10 of 10 left")).toBeInTheDocument();
      expect(screen.queryByTestId("recovery-codes")).not.toBeInTheDocument();
    },
  );
});
