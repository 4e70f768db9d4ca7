import { act, fireEvent, screen, within } from "@testing-library/react";
import type { RouteObject } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { installFakeGeolocation, type FakePosition } from "@/testing/fake-geolocation";
import { makeProfile, type Handler } from "@/testing/fakes";
import { renderApp } from "@/testing/render-app";
import { Header } from "./header";

const routes: RouteObject[] = [{ path: "*", element: <Header variant="app" /> }];
const NOTIFY = "/functions/v1/send-message-notifications";

const panicCondition = (id: string, messageId: string) => ({
  id,
  message_id: messageId,
  condition_type: "panic_trigger",
  active: true,
  is_armed: true,
  hours_threshold: 0,
  created_at: "2025-01-01T00:00:00Z",
  updated_at: "2025-01-01T00:00:00Z",
  recipients: [],
  recurring_pattern: null,
  panic_config: {},
});
const listItem = (id: string, title: string, preview: string, recipient_count: number) => ({
  id,
  title,
  preview,
  share_location: false,
  created_at: "2025-01-01T00:00:00Z",
  updated_at: "2025-01-01T00:00:00Z",
  recipient_count,
  attachment_count: 0,
  conditions: [],
  ready: true,
  problems: [],
});
const sent = (extra: object = {}): ReturnType<Handler> => ({ body: { success: true, error: null, keepArmed: true, recipients: 2, locationIncluded: true, ...extra } });
const located: Handler = ({ body }) => {
  const { latitude, longitude } = body as FakePosition;
  return { body: { share_location: true, location_latitude: latitude, location_longitude: longitude, location_name: "Camden Town, London", located_at: new Date().toISOString() } };
};

interface Setup {
  /** Message ids with an active panic condition. Default: one. */
  panicMessages?: string[];
  position?: Parameters<typeof installFakeGeolocation>[0];
  /** Answers to the alert POST, one per attempt (the last repeats). */
  answers?: ReturnType<Handler>[];
  width?: number;
  /** The condition is a keep_armed false one: it is gone once the alert was sent. */
  keepArmed?: boolean;
  /** PUT …/location answers 500. */
  locationFails?: boolean;
}

/**
 * The header on the fake server, with the fake geolocation, and fake timers switched on once the
 * Emergency button shows: from then on only the test moves the clock.
 */
async function setup({ panicMessages = ["m1"], position = { latitude: 51.539, longitude: -0.1426 }, answers = [sent()], width, keepArmed = true, locationFails = false }: Setup = {}) {
  const geolocation = installFakeGeolocation(position);
  let attempt = 0;
  const notify: Handler = () => answers[Math.min((attempt += 1) - 1, answers.length - 1)]!;
  const inForce = () => (keepArmed || attempt === 0 ? panicMessages : []);
  const app = renderApp({
    routes,
    width,
    signedIn: true,
    profile: makeProfile(),
    api: {
      "GET /api/conditions": () => ({ body: inForce().map((id, i) => panicCondition(`c${i}`, id)) }),
      "GET /api/messages": () => ({ body: [listItem("m1", "Walking home", "I am walking home through the park", 2), listItem("m2", "", "Call the police", 1)] }),
      "PUT /api/messages/:id/location": locationFails ? () => ({ status: 500, body: { error: { code: "internal", message: "geocoder down" } } }) : located,
      [`POST ${NOTIFY}`]: notify,
    },
  });
  await screen.findByRole("button", { name: "Emergency" });
  if (panicMessages.length > 1) await settleReal(() => app.server.calls.some((c) => c.path === "/api/messages"));
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "setInterval", "clearInterval"] });
  // fireEvent, not user-event: Testing Library's async wrapper waits on a real-looking
  // setTimeout(0) that vitest's fake timers never run. Clicks are all these tests need.
  const user = { click: async (element: HTMLElement) => void fireEvent.click(element) };
  const posts = () => app.server.calls.filter((c) => c.path === NOTIFY);
  return { ...app, user, geolocation, posts };
}

async function settleReal(done: () => boolean) {
  for (let i = 0; i < 50 && !done(); i += 1) await act(() => new Promise((resolve) => setTimeout(resolve, 10)));
  await act(() => new Promise((resolve) => setTimeout(resolve, 10)));
}

/** Lets promises, the fake fetch and sonner's zero-delay render run, without moving the clock. */
async function settle() {
  // The fake fetch's Response body is read over several macrotasks, hence the rounds.
  for (let i = 0; i < 20; i += 1) {
    await act(async () => {
      await new Promise((resolve) => setImmediate(resolve));
      await vi.advanceTimersByTimeAsync(0);
    });
  }
}

async function wait(ms: number) {
  await act(() => vi.advanceTimersByTimeAsync(ms));
  await settle();
}

/**
 * sonner renders a toast from a zero-delay timer; a timer created while the fake clock is ticking is
 * placed 1 ms ahead (@sinonjs/fake-timers), so a toast that follows a timer needs that 1 ms.
 */
const showToasts = () => wait(1);

const button = (name: string | RegExp) => screen.getByRole("button", { name });

async function pressTwice(user: { click: (element: HTMLElement) => Promise<void> }) {
  await user.click(button("Emergency"));
  await user.click(button("CONFIRM EMERGENCY"));
  await settle();
}

afterEach(() => {
  vi.useRealTimers();
  Reflect.deleteProperty(navigator, "geolocation");
});

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

    expect(geolocation.getCurrentPosition.mock.calls[0]![2]).toEqual({ enableHighAccuracy: true, timeout: 10_000, maximumAge: 0 });
    const put = server.calls.find((c) => c.method === "PUT");
    expect(put).toMatchObject({ path: "/api/messages/m1/location", body: { latitude: 51.539, longitude: -0.1426, accuracy: 12 } });
    expect(server.calls.indexOf(put!)).toBeLessThan(server.calls.indexOf(posts()[0]!));
    const body = posts()[0]!.body as Record<string, unknown>;
    expect(body).toMatchObject({ messageId: "m1", isEmergency: true, forceSend: true });
    expect(body.deduplicationId).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Date(body.timestamp as string).toISOString()).toBe(body.timestamp);

    expect(screen.getByText("EMERGENCY ALERT TRIGGERED")).toBeInTheDocument();
    expect(screen.getByText("Your emergency message with your current location and attachments has been sent.")).toBeInTheDocument();
    expect(button("CLICK TO CANCEL (3)")).toBeInTheDocument();
    const status = screen.getByRole("status");
    expect(status).toHaveTextContent("Your emergency message has been sent to 2 recipients.");
    expect(status).toHaveTextContent("Your location (Camden Town, London) went with it.");
    expect(status).toHaveTextContent("Cancel only stops the countdown on this device.");
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

  it("cancels during the countdown on this device only, and says the message had already gone", async () => {
    const { user, router, posts } = await setup();
    await pressTwice(user);
    await wait(1000);
    await user.click(button("CLICK TO CANCEL (2)"));
    await settle();
    expect(screen.getByText("Emergency alert cancelled")).toBeInTheDocument();
    expect(screen.getByText("Your emergency message has been cancelled.")).toBeInTheDocument();
    expect(screen.getByText("It had already been sent")).toBeInTheDocument();
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
    expect(within(dialog).getByText("Choose which emergency message to send immediately to all recipients.")).toBeInTheDocument();
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
    expect((posts()[1]!.body as { deduplicationId: string }).deduplicationId).toBe((posts()[0]!.body as { deduplicationId: string }).deduplicationId);
    expect(screen.getByText("EMERGENCY ALERT TRIGGERED")).toBeInTheDocument();
    expect(button("CLICK TO CANCEL (3)")).toBeInTheDocument();
  });

  it("shows Emergency Alert Error with the server's reason and resets after the retry fails too", async () => {
    // docs/decisions/008: a refusal is a 409 with the spec's body.
    const refusal = { status: 409, body: { success: false, error: "Nobody could be alerted: none of this message's recipients has an e-mail address." } };
    const { user, posts } = await setup({ answers: [refusal] });
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    await pressTwice(user);
    await wait(1500);
    expect(posts()).toHaveLength(2);
    await showToasts();
    expect(screen.getByText("Emergency Alert Error")).toBeInTheDocument();
    expect(screen.getByText("There was an error sending your emergency message. Please try again or contact support.")).toBeInTheDocument();
    expect(screen.getByText("Nobody was alerted")).toBeInTheDocument();
    expect(screen.getByText("Nobody could be alerted: none of this message's recipients has an e-mail address.")).toBeInTheDocument();
    expect(button("Emergency")).toBeInTheDocument();
    await wait(10_000);
    expect(posts()).toHaveLength(2);
  });

  it("says Authentication Required when the server answers 401, without retrying", async () => {
    const unauthorized = { status: 401, body: { error: { code: "unauthorized", message: "Sign in" } } };
    const { user, posts } = await setup({ answers: [unauthorized] });
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    await pressTwice(user);
    expect(screen.getByText("Authentication Required")).toBeInTheDocument();
    expect(screen.getByText("You must be logged in to trigger an emergency message.")).toBeInTheDocument();
    await wait(5000);
    expect(posts()).toHaveLength(1);
    expect(button("Emergency")).toBeInTheDocument();
  });

  it("treats a duplicate answer as a success", async () => {
    const duplicate = { body: { success: false, error: null, duplicate: true, keepArmed: true, recipients: 0 } };
    const { user } = await setup({ answers: [duplicate] });
    await pressTwice(user);
    expect(screen.getByText("EMERGENCY ALERT TRIGGERED")).toBeInTheDocument();
    expect(screen.getByRole("status")).toHaveTextContent("had already been sent moments ago; it was not sent twice");
  });

  it("goes on without the location when access is denied, and says so", async () => {
    const { user, server, posts } = await setup({ position: 1, answers: [sent({ locationIncluded: false })] });
    await pressTwice(user);
    expect(server.calls.some((c) => c.method === "PUT")).toBe(false);
    expect(posts()).toHaveLength(1);
    expect(screen.getByText("EMERGENCY ALERT TRIGGERED")).toBeInTheDocument();
    expect(screen.getByText("Your location was not included")).toBeInTheDocument();
    expect(screen.getByText("The message went without it: location access is blocked for this site in your browser.")).toBeInTheDocument();
    expect(screen.getByRole("status")).toHaveTextContent("Your location was not included: location access is blocked");
  });

  it("goes on without the location when the browser times out", async () => {
    const { user, posts } = await setup({ position: 3, answers: [sent({ locationIncluded: false })] });
    await pressTwice(user);
    expect(posts()).toHaveLength(1);
    expect(screen.getByText("The message went without it: your position could not be found within 10 seconds.")).toBeInTheDocument();
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
    expect(screen.getByText("Your location was not included")).toBeInTheDocument();
  });

  it("goes on without the location when storing it fails", async () => {
    const { user, posts } = await setup({ locationFails: true, answers: [sent({ locationIncluded: false })] });
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    await pressTwice(user);
    expect(posts()).toHaveLength(1);
    expect(screen.getByRole("status")).toHaveTextContent("Your location was not included: your position could not be saved with the message.");
  });

  it("works from the mobile row too", async () => {
    const { user } = await setup({ width: 375 });
    await pressTwice(user);
    expect(button("CLICK TO CANCEL (3)")).toBeInTheDocument();
  });
});
