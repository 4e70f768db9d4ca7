import { screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { makeProfile } from "@/testing/fakes";
import { createFakePush } from "@/testing/fake-push";
import { installFakePushBrowser } from "@/testing/fake-push-browser";
import { renderApp } from "@/testing/render-app";

// The guard holds the page 500 ms and the profile page loads lazily.
const AFTER_GUARD = { timeout: 15_000 };
let uninstall = () => {};
afterEach(() => uninstall());

function renderSecurity(push = createFakePush({ available: true })) {
  return renderApp({ path: "/profile", signedIn: true, profile: makeProfile(), push });
}

describe("Security's notifications card", () => {
  it("turns notifications on: the permission, a subscription with the server's key, the device named, its credential with the service worker only", async () => {
    const browser = installFakePushBrowser();
    uninstall = browser.uninstall;
    const { user, push } = renderSecurity();
    const name = await screen.findByLabelText("Name of this device", {}, AFTER_GUARD);
    await user.clear(name);
    await user.type(name, "Ada's phone");
    await user.click(screen.getByRole("button", { name: "Turn on notifications" }));

    expect(await screen.findByText(/^Notifications are on for this device\./)).toBeInTheDocument();
    expect(browser.notification.requestPermission).toHaveBeenCalledOnce();
    const key = browser.pushManager.subscribe.mock.calls[0]![0]!;
    expect(key.userVisibleOnly).toBe(true);
    expect((key.applicationServerKey as Uint8Array).length).toBe(65);
    expect(push.devices.map((d) => d.name)).toEqual(["Ada's phone"]);
    expect(browser.worker.stored).toEqual({
      deviceId: "device-1",
      credential: "credential-device-1",
      timeZone: "Europe/London",
    });
    // The page keeps nothing of the credential.
    expect(JSON.stringify({ ...localStorage })).not.toContain("credential-device-1");
    const list = screen.getByRole("list", { name: "Devices with notifications" });
    expect(within(list).getByText("Ada's phone")).toBeInTheDocument();
    expect(within(list).getByText("This device")).toBeInTheDocument();
  });

  it("says in a sentence that the browser could not reach its push service, and registers nothing", async () => {
    const browser = installFakePushBrowser({ pushServiceDown: true });
    uninstall = browser.uninstall;
    const { user, push } = renderSecurity();
    await user.click(await screen.findByRole("button", { name: "Turn on notifications" }, AFTER_GUARD));
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "Your browser could not reach its push service, so notifications could not be turned on. Check your connection and try again.",
    );
    expect(push.devices).toEqual([]);
    expect(browser.worker.stored).toBeNull();
  });

  it("says notifications are still off when the permission is not given", async () => {
    const browser = installFakePushBrowser({ answer: "default" });
    uninstall = browser.uninstall;
    const { user, push } = renderSecurity();
    await user.click(await screen.findByRole("button", { name: "Turn on notifications" }, AFTER_GUARD));
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "You did not allow notifications, so they are still off.",
    );
    expect(browser.pushManager.subscribe).not.toHaveBeenCalled();
    expect(push.devices).toEqual([]);
  });

  it("says why notifications are off when the server does not send them", async () => {
    renderSecurity(createFakePush({ available: false }));
    expect(
      await screen.findByText(
        /This server does not send notifications: whoever runs it has not set them up/,
        {},
        AFTER_GUARD,
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Turn on notifications" })).not.toBeInTheDocument();
  });

  it("reads a server without the push routes as one that does not send notifications", async () => {
    renderApp({
      path: "/profile",
      signedIn: true,
      profile: makeProfile(),
      api: { "GET /api/push": () => ({ status: 404, body: { error: { code: "not_found", message: "Not found" } } }) },
    });
    expect(await screen.findByText(/This server does not send notifications/, {}, AFTER_GUARD)).toBeInTheDocument();
    expect(screen.queryByText(/notification settings could not be loaded/)).not.toBeInTheDocument();
  });

  it("says the browser cannot show notifications where it has no push (jsdom has none)", async () => {
    renderSecurity();
    expect(
      await screen.findByText(
        "This browser cannot show notifications from websites, so they cannot be turned on here.",
        {},
        AFTER_GUARD,
      ),
    ).toBeInTheDocument();
  });

  it("removing this device ends its subscription and the service worker forgets the credential", async () => {
    const browser = installFakePushBrowser();
    uninstall = browser.uninstall;
    const { user, push } = renderSecurity();
    await user.click(await screen.findByRole("button", { name: "Turn on notifications" }, AFTER_GUARD));
    await screen.findByText(/^Notifications are on for this device\./);
    await user.click(screen.getByRole("button", { name: "Remove" }));
    const dialog = await screen.findByRole("alertdialog");
    expect(dialog).toHaveTextContent("Notifications stop on this device");
    await user.click(within(dialog).getByRole("button", { name: "Remove" }));
    expect(await screen.findByRole("button", { name: "Turn on notifications" })).toBeInTheDocument();
    expect(push.devices).toEqual([]);
    expect(browser.hasSubscription()).toBe(false);
    expect(browser.worker.stored).toBeNull();
  });

  it("lists a device turned on elsewhere, renames it and sends it a test notification", async () => {
    const push = createFakePush({ available: true });
    push.addDevice("Old laptop", "2026-03-01T10:00:00Z");
    const { user } = renderSecurity(push);
    const list = await screen.findByRole("list", { name: "Devices with notifications" }, AFTER_GUARD);
    expect(list).toHaveTextContent("Added Sun 1 Mar 2026, 10:00 · last notification none yet · last “I’m OK” none yet");
    expect(within(list).queryByText("This device")).not.toBeInTheDocument();

    await user.click(within(list).getByRole("button", { name: "Rename" }));
    const field = within(list).getByLabelText("New name for Old laptop");
    await user.clear(field);
    await user.type(field, "Work laptop");
    await user.click(within(list).getByRole("button", { name: "Save" }));
    expect(await within(list).findByText("Work laptop")).toBeInTheDocument();

    await user.click(within(list).getByRole("button", { name: "Send a test notification" }));
    expect(await screen.findByText("Test notification sent")).toBeInTheDocument();
    expect(push.tests).toEqual(["device-1"]);
    await waitFor(() => expect(list).not.toHaveTextContent("last notification none yet"));
  });
});
