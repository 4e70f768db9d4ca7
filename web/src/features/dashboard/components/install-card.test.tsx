import { act, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { holdInstallPrompt } from "@/lib/install-prompt";
import { makeProfile } from "@/testing/fakes";
import { renderApp } from "@/testing/render-app";
import { INSTALL_ASKED_KEY } from "./install-card";

const AFTER_GUARD = { timeout: 15_000 };
holdInstallPrompt();

/** Chromium's offer to install, as the page receives it. */
function offerInstall(outcome: "accepted" | "dismissed" = "accepted") {
  const event = Object.assign(new Event("beforeinstallprompt", { cancelable: true }), {
    prompt: vi.fn(async () => undefined),
    userChoice: Promise.resolve({ outcome }),
  });
  act(() => void window.dispatchEvent(event));
  return event;
}

describe("the dashboard's offer to install the app", () => {
  it("appears only once the browser offers it, and the browser's own prompt is held back", async () => {
    renderApp({ path: "/dashboard", signedIn: true, profile: makeProfile() });
    await screen.findByText("No messages yet", {}, AFTER_GUARD);
    expect(screen.queryByText("Install Trigger Switch on this device")).not.toBeInTheDocument();
    const event = offerInstall();
    expect(event.defaultPrevented).toBe(true);
    expect(await screen.findByText("Install Trigger Switch on this device")).toBeInTheDocument();
  });

  it("opens the browser's dialog on Install, and does not ask again", async () => {
    const { user, unmount } = renderApp({ path: "/dashboard", signedIn: true, profile: makeProfile() });
    await screen.findByText("No messages yet", {}, AFTER_GUARD);
    const event = offerInstall();
    await user.click(await screen.findByRole("button", { name: "Install" }));
    expect(event.prompt).toHaveBeenCalledOnce();
    expect(screen.queryByText("Install Trigger Switch on this device")).not.toBeInTheDocument();
    expect(localStorage.getItem(INSTALL_ASKED_KEY)).not.toBeNull();
    unmount();
  });

  it("goes away for good on Not now, even when the browser offers again", async () => {
    const { user, unmount } = renderApp({ path: "/dashboard", signedIn: true, profile: makeProfile() });
    await screen.findByText("No messages yet", {}, AFTER_GUARD);
    offerInstall();
    await user.click(await screen.findByRole("button", { name: "Not now" }));
    expect(screen.queryByText("Install Trigger Switch on this device")).not.toBeInTheDocument();
    unmount();

    renderApp({ path: "/dashboard", signedIn: true, profile: makeProfile() });
    await screen.findByText("No messages yet", {}, AFTER_GUARD);
    offerInstall();
    expect(screen.queryByText("Install Trigger Switch on this device")).not.toBeInTheDocument();
  });
});
