import { screen, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { makeMfaSession, makeProfile, type Handler } from "@/testing/fakes";
import { renderApp } from "@/testing/render-app";
import { pretendPasskeysWork } from "@/testing/webauthn-browser";

const AFTER_GUARD = { timeout: 15_000 };
const PASSKEYS = [
  { id: "p1", friendly_name: "Passkey on Chrome on macOS", created_at: "2026-03-01T10:00:00Z" },
  {
    id: "p2",
    friendly_name: "Work laptop",
    created_at: "2026-02-01T10:00:00Z",
    last_used_at: "2026-03-02T08:30:00Z",
  },
];

function renderProfile(api: Record<string, Handler> = {}) {
  return renderApp({
    path: "/profile",
    signedIn: true,
    profile: makeProfile(),
    api: {
      "GET /auth/v1/user/sessions": () => ({ body: [] }),
      "GET /auth/v1/user/security-log": () => ({ body: [] }),
      ...api,
    },
  });
}

describe("the Passkeys card", { timeout: 20000 }, () => {
  it("lists each passkey with when it was added and last used", async () => {
    const { auth } = renderProfile();
    auth.mocks.passkey.list.mockResolvedValue({ data: PASSKEYS, error: null } as never);
    const list = await screen.findByRole("list", { name: "Passkeys" }, AFTER_GUARD);
    const [first, second] = within(list).getAllByRole("listitem");
    expect(first).toHaveTextContent("Passkey on Chrome on macOS");
    expect(first).toHaveTextContent(/Added Sun 1 Mar 2026, 10:00 · Not used yet/);
    expect(second).toHaveTextContent("Work laptop");
    expect(second).toHaveTextContent(/Last used Mon 2 Mar 2026, 08:30/);
  });

  it("adds a passkey, then refreshes the session so its tokens say aal2", async () => {
    pretendPasskeysWork();
    const { user, auth } = renderProfile();
    auth.mocks.registerPasskey.mockResolvedValue({
      data: { id: "p1", friendly_name: "Passkey on Chrome on Linux", created_at: "2026-03-01T10:00:00Z" },
      error: null,
    } as never);
    await user.click(await screen.findByRole("button", { name: "Add a passkey" }, AFTER_GUARD));
    expect(await screen.findByText("Passkey added")).toBeInTheDocument();
    expect(screen.getByText("“Passkey on Chrome on Linux” can now sign you in without your password.")).toBeVisible();
    expect(auth.mocks.refreshSession).toHaveBeenCalled();
  });

  it("says plainly that no passkey was added when the browser's prompt is cancelled", async () => {
    pretendPasskeysWork();
    const { user, auth } = renderProfile();
    const cancelled = Object.assign(new Error("The operation either timed out or was not allowed."), {
      name: "NotAllowedError",
    });
    auth.mocks.registerPasskey.mockResolvedValue({ data: null, error: cancelled } as never);
    await user.click(await screen.findByRole("button", { name: "Add a passkey" }, AFTER_GUARD));
    expect(await screen.findByText("No passkey was added")).toBeInTheDocument();
    expect(screen.getByText(/the request was cancelled or timed out/)).toBeInTheDocument();
    expect(auth.mocks.refreshSession).not.toHaveBeenCalled();
  });

  it("offers no Add button where the browser cannot make passkeys", async () => {
    renderProfile();
    expect(await screen.findByText("This browser cannot make passkeys.", {}, AFTER_GUARD)).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Add a passkey" })).not.toBeInTheDocument();
  });

  it("renames a passkey", async () => {
    const { user, auth } = renderProfile();
    auth.mocks.passkey.list.mockResolvedValue({ data: PASSKEYS, error: null } as never);
    auth.mocks.passkey.update.mockResolvedValue({
      data: { ...PASSKEYS[1], friendly_name: "Old laptop" },
      error: null,
    } as never);
    const list = await screen.findByRole("list", { name: "Passkeys" }, AFTER_GUARD);
    await user.click(within(list).getAllByRole("button", { name: "Rename" })[1]!);
    const name = screen.getByLabelText("Name");
    await user.clear(name);
    await user.type(name, "Old laptop");
    await user.click(screen.getByRole("button", { name: "Save" }));
    expect(auth.mocks.passkey.update).toHaveBeenCalledWith({ passkeyId: "p2", friendlyName: "Old laptop" });
    await vi.waitFor(() => expect(screen.queryByLabelText("Name")).not.toBeInTheDocument());
  });

  it("removes a passkey after asking, and shows the server's reason when it refuses", async () => {
    const { user, auth } = renderProfile();
    auth.mocks.passkey.list.mockResolvedValue({ data: PASSKEYS, error: null } as never);
    const list = await screen.findByRole("list", { name: "Passkeys" }, AFTER_GUARD);
    await user.click(within(list).getAllByRole("button", { name: "Remove" })[0]!);
    const dialog = await screen.findByRole("alertdialog");
    expect(dialog).toHaveTextContent("Remove “Passkey on Chrome on macOS”?");
    await user.click(within(dialog).getByRole("button", { name: "Remove" }));
    expect(auth.mocks.passkey.delete).toHaveBeenCalledWith({ passkeyId: "p1" });
    expect(await screen.findByText("Passkey removed")).toBeInTheDocument();

    auth.mocks.passkey.delete.mockResolvedValue({
      data: null,
      error: Object.assign(new Error("Confirm it is you with your passkey first."), { code: "insufficient_aal" }),
    } as never);
    await user.click(within(list).getAllByRole("button", { name: "Remove" })[1]!);
    await user.click(within(await screen.findByRole("alertdialog")).getByRole("button", { name: "Remove" }));
    expect(await screen.findByText("Could not remove it")).toBeInTheDocument();
    expect(screen.getAllByText("Confirm it is you with your passkey first.").length).toBeGreaterThan(0);
  });

  it("counts a passkey as two-step sign-in being on, and lists it only among passkeys", async () => {
    const base = makeMfaSession("aal2");
    const passkey = {
      ...base.user.factors![0]!,
      id: "p1",
      factor_type: "webauthn" as const,
      friendly_name: "Work laptop",
    };
    const { auth } = renderApp({
      path: "/profile",
      session: { ...base, user: { ...base.user, factors: [passkey] } },
      profile: makeProfile(),
      api: {
        "GET /auth/v1/user/sessions": () => ({ body: [] }),
        "GET /auth/v1/user/security-log": () => ({ body: [] }),
      },
    });
    auth.mocks.passkey.list.mockResolvedValue({ data: [PASSKEYS[1]], error: null } as never);
    expect(
      await screen.findByText(/After your password, your passkey confirms it is you\./, {}, AFTER_GUARD),
    ).toBeInTheDocument();
    expect(screen.queryByRole("list", { name: "Second factors" })).not.toBeInTheDocument();
    expect(await screen.findByRole("list", { name: "Passkeys" })).toHaveTextContent("Work laptop");
  });
});
