import { screen } from "@testing-library/react";
import { noDeliverableRecipientMessage } from "@trigger-switch/contracts";
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  button,
  pressTwice,
  resetEmergencyHarness,
  sent,
  setup,
  showToasts,
  wait,
} from "@/testing/emergency-button-harness";

afterEach(resetEmergencyHarness);

describe("the Emergency button when something fails", () => {
  it("retries a failed alert after 1.5 s with the same id, and succeeds", async () => {
    const failure = { status: 500, body: { error: { code: "internal", message: "boom" } } };
    const { user, posts } = await setup({ answers: [failure, sent()] });
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    await pressTwice(user);
    expect(posts()).toHaveLength(1);
    expect(screen.getByRole("status")).toHaveTextContent("The first attempt to send failed. Trying again…");
    await wait(1499);
    expect(posts()).toHaveLength(1);
    await wait(1);
    expect(posts()).toHaveLength(2);
    await showToasts();
    expect((posts()[1]!.body as { deduplicationId: string }).deduplicationId).toBe(
      (posts()[0]!.body as { deduplicationId: string }).deduplicationId,
    );
    expect(screen.getByText("EMERGENCY ALERT TRIGGERED")).toBeInTheDocument();
    expect(button("CLICK TO CANCEL (3)")).toBeInTheDocument();
  });

  it("shows Emergency Alert Error with the server's reason and resets after the retry fails too", async () => {
    // docs/decisions/008: a refusal is a 409 with the spec's body.
    const refusal = {
      status: 409,
      body: {
        success: false,
        error: noDeliverableRecipientMessage({ recipients: 1, off: ["whatsapp"] }),
      },
    };
    const { user, posts } = await setup({ answers: [refusal] });
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    await pressTwice(user);
    await wait(1500);
    expect(posts()).toHaveLength(2);
    await showToasts();
    expect(screen.getByText("Emergency Alert Error")).toBeInTheDocument();
    expect(
      screen.getByText("There was an error sending your emergency message. Please try again or contact support."),
    ).toBeInTheDocument();
    expect(screen.getByText("Nobody was alerted")).toBeInTheDocument();
    expect(screen.getByText(noDeliverableRecipientMessage({ recipients: 1, off: ["whatsapp"] }))).toBeInTheDocument();
    expect(button("Emergency")).toBeInTheDocument();
    await wait(10_000);
    expect(posts()).toHaveLength(2);
  });

  it("says Authentication Required when a 401 stays after one refreshed try, and ends the session", async () => {
    const unauthorized = { status: 401, body: { error: { code: "unauthorized", message: "Sign in" } } };
    const { user, posts, auth } = await setup({ answers: [unauthorized, unauthorized] });
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    await pressTwice(user);
    expect(screen.getByText("Authentication Required")).toBeInTheDocument();
    expect(screen.getByText("You must be logged in to trigger an emergency message.")).toBeInTheDocument();
    await wait(5000);
    // Asked again once with a refreshed session (a clock running behind the server's), the same alert.
    expect(posts()).toHaveLength(2);
    expect((posts()[1]!.body as { deduplicationId: string }).deduplicationId).toBe(
      (posts()[0]!.body as { deduplicationId: string }).deduplicationId,
    );
    // The session is over: the header no longer offers what would fail again.
    expect(auth.mocks.signOut).toHaveBeenCalledWith({ scope: "local" });
    expect(screen.queryByRole("button", { name: "Emergency" })).not.toBeInTheDocument();
  });

  it("says 'Failed to trigger emergency message. Please try again.' when the alert never reached the server", async () => {
    const { user, posts } = await setup({ answers: ["offline"] });
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    await pressTwice(user);
    await wait(1500);
    expect(posts()).toHaveLength(2);
    await showToasts();
    expect(screen.getByText("Error")).toBeInTheDocument();
    expect(screen.getByText("Failed to trigger emergency message. Please try again.")).toBeInTheDocument();
    expect(screen.queryByText("EMERGENCY ALERT TRIGGERED")).not.toBeInTheDocument();
    expect(button("Emergency")).toBeInTheDocument();
  });

  it("says a press within 30 s repeated the alert already sent, with when, and never calls its position earlier", async () => {
    // The server's answer to a repeat: what the first alert carried, taken at that alert's own press.
    const duplicate = sent({
      duplicate: true,
      recipients: 0,
      locationIncluded: true,
      locatedAt: "2026-03-10T14:00:03.600Z",
      locationName: "Camden Town, London",
      triggeredAt: "2026-03-10T14:00:04.000Z",
    });
    const { user } = await setup({ answers: [duplicate] });
    await pressTwice(user);
    expect(screen.getByText("EMERGENCY ALERT ALREADY SENT")).toBeInTheDocument();
    expect(
      screen.getByText(
        /^You pressed again within 30 seconds of the emergency message sent at .*14:00:04.*\. It was not sent a second time\. It went with your location \(Camden Town, London\)\.$/,
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText("EMERGENCY ALERT TRIGGERED")).not.toBeInTheDocument();
    expect(screen.queryByText(/earlier position|seconds before/)).not.toBeInTheDocument();
    expect(document.querySelectorAll("[data-sonner-toast]")).toHaveLength(1);
    const status = screen.getByRole("status");
    expect(status).toHaveTextContent("had already been sent moments ago; it was not sent twice");
    expect(status).not.toHaveTextContent("seconds before");
  });

  it("goes on without the location when access is denied, and says so", async () => {
    const { user, server, posts } = await setup({ position: 1, answers: [sent({ locationIncluded: false })] });
    await pressTwice(user);
    expect(server.calls.some((c) => c.method === "PUT")).toBe(false);
    expect(posts()).toHaveLength(1);
    expect(screen.getByText("EMERGENCY ALERT TRIGGERED")).toBeInTheDocument();
    // One toast: it claims no location, and says why.
    expect(
      screen.getByText(
        "Your emergency message with its attachments has been sent. Your location could not go with it: location access is blocked for this site in your browser.",
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText(/with your current location/)).not.toBeInTheDocument();
    expect(screen.getByRole("status")).toHaveTextContent("Your location was not included: location access is blocked");
  });

  it("says an earlier position went, and how old, when this press found none but the server sent one", async () => {
    // A second press 64 s after one that shared a position (decision 008: up to 2 minutes old goes).
    const earlier = sent({
      locationIncluded: true,
      locatedAt: "2026-03-10T13:59:00.000Z",
      locationName: "near Clerkenwell, United Kingdom",
      triggeredAt: "2026-03-10T14:00:04.000Z",
    });
    const { user } = await setup({ position: 1, answers: [earlier] });
    await pressTwice(user);
    expect(screen.getByText("EMERGENCY ALERT TRIGGERED")).toBeInTheDocument();
    expect(
      screen.getByText(
        "Your emergency message with your last known location and its attachments has been sent. No new position for this alert: location access is blocked for this site in your browser. The position taken 64 seconds before the alert went with it.",
      ),
    ).toBeInTheDocument();
    expect(document.querySelectorAll("[data-sonner-toast]")).toHaveLength(1);
    const status = screen.getByRole("status");
    expect(status).toHaveTextContent(
      "Your location from 64 seconds before the alert (near Clerkenwell, United Kingdom) went with it.",
    );
    expect(status).not.toHaveTextContent("was not included");
  });

  it("goes on without the location when the browser times out", async () => {
    const { user, posts } = await setup({ position: 3, answers: [sent({ locationIncluded: false })] });
    await pressTwice(user);
    expect(posts()).toHaveLength(1);
    expect(
      screen.getByText(/Your location could not go with it: your position could not be found within 10 seconds\.$/),
    ).toBeInTheDocument();
  });

  it("stops waiting for an unanswered permission prompt after 10 s and sends", async () => {
    const { user, posts } = await setup({ position: "never", answers: [sent({ locationIncluded: false })] });
    await pressTwice(user);
    expect(screen.getByRole("status")).toHaveTextContent("Finding your location, then sending your emergency message…");
    await wait(9999);
    expect(posts()).toHaveLength(0);
    await wait(1);
    expect(posts()).toHaveLength(1);
    await showToasts();
    expect(
      screen.getByText(/Your location could not go with it: your position could not be found/),
    ).toBeInTheDocument();
  });

  it("goes on without the location when storing it fails", async () => {
    const { user, posts } = await setup({ locationFails: true, answers: [sent({ locationIncluded: false })] });
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    await pressTwice(user);
    expect(posts()).toHaveLength(1);
    expect(screen.getByRole("status")).toHaveTextContent(
      "Your location was not included: your position could not be saved with the message.",
    );
  });
});
