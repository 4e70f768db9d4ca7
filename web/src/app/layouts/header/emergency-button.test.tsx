import { screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  button,
  pressTwice,
  resetEmergencyHarness,
  sent,
  settle,
  setup,
  wait,
} from "@/testing/emergency-button-harness";

afterEach(resetEmergencyHarness);

describe("the Emergency button", () => {
  it("asks for confirmation and goes back to Emergency after 3 seconds", async () => {
    const { user, posts } = await setup();
    await user.click(button("Emergency"));
    expect(button("CONFIRM EMERGENCY")).toBeInTheDocument();
    expect(screen.getByRole("status")).toHaveTextContent("Press CONFIRM EMERGENCY within 3 seconds");
    await wait(2999);
    expect(button("CONFIRM EMERGENCY")).toBeInTheDocument();
    await wait(1);
    expect(button("Emergency")).toBeInTheDocument();
    expect(posts()).toHaveLength(0);
  });

  it("sends on a second press at 2.9 s: position, location, then the alert with a fresh id", async () => {
    const { user, server, geolocation, posts } = await setup();
    await user.click(button("Emergency"));
    await wait(2900);
    await user.click(button("CONFIRM EMERGENCY"));
    await settle();

    expect(geolocation.getCurrentPosition.mock.calls[0]![2]).toEqual({
      enableHighAccuracy: true,
      timeout: 10_000,
      maximumAge: 0,
    });
    const put = server.calls.find((c) => c.method === "PUT");
    expect(put).toMatchObject({
      path: "/api/messages/m1/location",
      body: { latitude: 51.539, longitude: -0.1426, accuracy: 12 },
    });
    expect(server.calls.indexOf(put!)).toBeLessThan(server.calls.indexOf(posts()[0]!));
    const body = posts()[0]!.body as Record<string, unknown>;
    expect(body).toMatchObject({ messageId: "m1", isEmergency: true, forceSend: true });
    expect(body.deduplicationId).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Date(body.timestamp as string).toISOString()).toBe(body.timestamp);

    expect(screen.getByText("EMERGENCY ALERT TRIGGERED")).toBeInTheDocument();
    expect(
      screen.getByText("Your emergency message with your current location and attachments has been sent."),
    ).toBeInTheDocument();
    // Top centre like every other toast (they used to sit at the bottom).
    expect(screen.getByText("EMERGENCY ALERT TRIGGERED").closest("[data-sonner-toaster]")).toHaveAttribute(
      "data-y-position",
      "top",
    );
    expect(button("CLICK TO CANCEL (3)")).toBeInTheDocument();
    const status = screen.getByRole("status");
    expect(status).toHaveTextContent("Your emergency message has been sent to 2 recipients.");
    expect(status).toHaveTextContent("Your location (Camden Town, London) went with it.");
    expect(status).toHaveTextContent("Cancel only stops the countdown on this device.");
    // At the foot of the screen, out of the header: the toasts open just below the header and
    // covered it there (screenshots in web/e2e/emergency.engine.spec.ts check it at 1280 and 375 px).
    expect(screen.getByRole("banner")).not.toContainElement(status);
    expect(status).toHaveClass("fixed", "bottom-0");
  });

  it("never claims attachments a message does not have", async () => {
    const { user } = await setup({ attachments: 0 });
    await pressTwice(user);
    expect(screen.getByText("EMERGENCY ALERT TRIGGERED")).toBeInTheDocument();
    expect(screen.getByText("Your emergency message with your current location has been sent.")).toBeInTheDocument();
    expect(screen.queryByText(/attachments/)).not.toBeInTheDocument();
  });

  it("counts down 3, 2, 1, then resets and goes to /messages", async () => {
    const { user, router } = await setup();
    await pressTwice(user);
    expect(button("CLICK TO CANCEL (3)")).toBeInTheDocument();
    await wait(1000);
    expect(button("CLICK TO CANCEL (2)")).toBeInTheDocument();
    await wait(1000);
    expect(button("CLICK TO CANCEL (1)")).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/");
    await wait(1000);
    expect(router.state.location.pathname).toBe("/messages");
    expect(button("Emergency")).toBeInTheDocument();
  });

  it("stops the countdown on this device only, in one toast that says the message had already gone", async () => {
    const { user, router, posts } = await setup({
      answers: [sent({ locatedAt: null, triggeredAt: "2026-03-10T14:00:04.000Z" })],
    });
    await pressTwice(user);
    await wait(1000);
    await user.click(button("CLICK TO CANCEL (2)"));
    await settle();
    expect(screen.getByText("Countdown stopped")).toBeInTheDocument();
    expect(
      screen.getByText(
        /^Your emergency message was already sent at .*14:00:04.* and cannot be called back\. If you are safe, tell your recipients yourself\.$/,
      ),
    ).toBeInTheDocument();
    // The spec's cancel words would be false: the alert went before the countdown began.
    expect(screen.queryByText("Your emergency message has been cancelled.")).not.toBeInTheDocument();
    expect(screen.queryByText("Emergency alert cancelled")).not.toBeInTheDocument();
    // One toast for the outcome: the sent toast was replaced, nothing else stands beside it.
    expect(screen.queryByText("EMERGENCY ALERT TRIGGERED")).not.toBeInTheDocument();
    expect(document.querySelectorAll("[data-sonner-toast]")).toHaveLength(1);
    expect(button("Emergency")).toBeInTheDocument();
    await wait(5000);
    expect(router.state.location.pathname).toBe("/");
    expect(posts()).toHaveLength(1);
  });

  it("keeps the button through the countdown when the condition switches off, then drops it", async () => {
    const { user, server } = await setup({ keepArmed: false });
    const conditionLoads = () => server.calls.filter((c) => c.path === "/api/conditions").length;
    const before = conditionLoads();
    const heard = vi.fn();
    window.addEventListener("conditions-updated", heard, { once: true });
    await pressTwice(user);
    expect(heard).toHaveBeenCalledTimes(1);
    await wait(300);
    expect(conditionLoads()).toBe(before + 1);
    expect(button("CLICK TO CANCEL (3)")).toBeInTheDocument();
    await wait(1000);
    await wait(1000);
    await wait(1000);
    expect(screen.queryByRole("button", { name: /Emergency|CANCEL/ })).not.toBeInTheDocument();
  });

  it("opens the selector with two panic messages; Trigger Emergency waits for a choice; Cancel returns to idle", async () => {
    const { user, posts } = await setup({ panicMessages: ["m1", "m2"] });
    await pressTwice(user);
    const dialog = screen.getByRole("dialog", { name: "Select Emergency Message" });
    expect(
      within(dialog).getByText("Choose which emergency message to send immediately to all recipients."),
    ).toBeInTheDocument();
    expect(within(dialog).getByText("Walking home")).toBeInTheDocument();
    expect(within(dialog).getByText("I am walking home through the park")).toBeInTheDocument();
    expect(within(dialog).getByText("Recipients: 2")).toBeInTheDocument();
    expect(within(dialog).getByText("Emergency Message")).toBeInTheDocument();
    expect(within(dialog).getByText("Recipients: 1")).toBeInTheDocument();
    expect(within(dialog).getByRole("radiogroup")).toHaveStyle({ maxHeight: "60vh" });
    expect(within(dialog).getByRole("button", { name: "Trigger Emergency" })).toBeDisabled();
    await wait(5000);
    expect(screen.getByRole("dialog")).toBeInTheDocument();

    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    await settle();
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(button("Emergency")).toBeInTheDocument();
    expect(posts()).toHaveLength(0);
  });

  it("sends the message chosen in the selector", async () => {
    const { user, posts } = await setup({ panicMessages: ["m1", "m2"] });
    await pressTwice(user);
    const dialog = screen.getByRole("dialog", { name: "Select Emergency Message" });
    await user.click(within(dialog).getByRole("radio", { name: /Call the police/ }));
    const trigger = within(dialog).getByRole("button", { name: "Trigger Emergency" });
    expect(trigger).toBeEnabled();
    await user.click(trigger);
    await settle();
    expect(posts()[0]!.body).toMatchObject({ messageId: "m2" });
    expect(button("CLICK TO CANCEL (3)")).toBeInTheDocument();
  });

  it("does nothing on a third press while sending", async () => {
    const { user, posts } = await setup({ position: "never" });
    await pressTwice(user);
    expect(screen.getByText("EMERGENCY ALERT")).toBeInTheDocument();
    expect(screen.getByText("Triggering your emergency message...")).toBeInTheDocument();
    expect(button("SENDING...")).toBeDisabled();
    await user.click(button("SENDING..."));
    await wait(10_000);
    expect(posts()).toHaveLength(1);
  });

  it("works from the mobile row too, where the pressed button has the row to itself on one line", async () => {
    const { user } = await setup({ width: 375 });
    await user.click(button("Emergency"));
    const confirm = button("CONFIRM EMERGENCY");
    expect(confirm).toHaveClass("w-full", "h-11", "whitespace-nowrap");
    expect(screen.queryByRole("link", { name: "Messages" })).not.toBeInTheDocument();
    await user.click(confirm);
    await settle();
    expect(button("CLICK TO CANCEL (3)")).toHaveClass("w-full", "h-11", "whitespace-nowrap");
    for (let second = 0; second < 3; second += 1) await wait(1000);
    // Back to idle: the row holds all its buttons again.
    expect(button("Emergency")).not.toHaveClass("w-full");
    expect(screen.getByRole("link", { name: "Messages" })).toBeInTheDocument();
  });
});
