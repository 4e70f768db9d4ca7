import { act, fireEvent, screen } from "@testing-library/react";
import type { RouteObject } from "react-router";
import { vi } from "vitest";
import { installFakeGeolocation, type FakePosition } from "@/testing/fake-geolocation";
import { makeProfile, type Handler } from "@/testing/fakes";
import { renderApp } from "@/testing/render-app";
import { Header } from "@/app/layouts/header/header";

/** The Emergency button's test harness: the real header on the fake server, fake geolocation and fake timers. */
const routes: RouteObject[] = [{ path: "*", element: <Header variant="app" /> }];
export const NOTIFY = "/functions/v1/send-message-notifications";

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
const listItem = (id: string, title: string, preview: string, recipient_count: number, attachment_count = 0) => ({
  id,
  title,
  preview,
  share_location: false,
  created_at: "2025-01-01T00:00:00Z",
  updated_at: "2025-01-01T00:00:00Z",
  recipient_count,
  attachment_count,
  sealed: false,
  conditions: [],
  ready: true,
  problems: [],
  last_release: null,
});
export const sent = (extra: object = {}): ReturnType<Handler> => ({
  body: { success: true, error: null, keepArmed: true, recipients: 2, locationIncluded: true, ...extra },
});
const located: Handler = ({ body }) => {
  const { latitude, longitude } = body as FakePosition;
  return {
    body: {
      share_location: true,
      location_latitude: latitude,
      location_longitude: longitude,
      location_name: "Camden Town, London",
      located_at: new Date().toISOString(),
    },
  };
};

interface Setup {
  /** Message ids with an active panic condition. Default: one. */
  panicMessages?: string[];
  position?: Parameters<typeof installFakeGeolocation>[0];
  /** Answers to the alert POST, one per attempt (the last repeats); "offline": the request never arrives. */
  answers?: (ReturnType<Handler> | "offline")[];
  width?: number;
  /** The condition is a keep_armed false one: it is gone once the alert was sent. */
  keepArmed?: boolean;
  /** PUT …/location answers 500. */
  locationFails?: boolean;
  /** Files attached to m1. Default: 1. */
  attachments?: number;
}

/**
 * The header on the fake server, with the fake geolocation, and fake timers switched on once the
 * Emergency button shows: from then on only the test moves the clock.
 */
export async function setup({
  panicMessages = ["m1"],
  position = { latitude: 51.539, longitude: -0.1426 },
  answers = [sent()],
  width,
  keepArmed = true,
  locationFails = false,
  attachments = 1,
}: Setup = {}) {
  const geolocation = installFakeGeolocation(position);
  let attempt = 0;
  const notify: Handler = () => {
    const answer = answers[Math.min((attempt += 1) - 1, answers.length - 1)]!;
    if (answer === "offline") throw new TypeError("Failed to fetch");
    return answer;
  };
  const inForce = () => (keepArmed || attempt === 0 ? panicMessages : []);
  const app = renderApp({
    routes,
    width,
    signedIn: true,
    profile: makeProfile(),
    api: {
      "GET /api/conditions": () => ({ body: inForce().map((id, i) => panicCondition(`c${i}`, id)) }),
      "GET /api/messages": () => ({
        body: [
          listItem("m1", "Walking home", "I am walking home through the park", 2, attachments),
          listItem("m2", "", "Call the police", 1),
        ],
      }),
      "PUT /api/messages/:id/location": locationFails
        ? () => ({ status: 500, body: { error: { code: "internal", message: "geocoder down" } } })
        : located,
      [`POST ${NOTIFY}`]: notify,
    },
  });
  await screen.findByRole("button", { name: "Emergency" }, { timeout: 10_000 });
  if (panicMessages.length > 1) await settleReal(() => app.server.calls.some((c) => c.path === "/api/messages"));
  // Animation frames too: jsdom runs them from a setInterval it starts at the first pending frame,
  // and started on the fake clock that interval never fires once real timers are back, so no frame
  // would run again in this jsdom, which later files in the worker share (sonner's dismissals wait
  // for one).
  vi.useFakeTimers({
    toFake: [
      "setTimeout",
      "clearTimeout",
      "setInterval",
      "clearInterval",
      "requestAnimationFrame",
      "cancelAnimationFrame",
    ],
  });
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
export async function settle() {
  // The fake fetch's Response body is read over several macrotasks, hence the rounds.
  for (let i = 0; i < 20; i += 1) {
    await act(async () => {
      await new Promise((resolve) => setImmediate(resolve));
      await vi.advanceTimersByTimeAsync(0);
    });
  }
}

export async function wait(ms: number) {
  await act(() => vi.advanceTimersByTimeAsync(ms));
  await settle();
}

/**
 * sonner renders a toast from a zero-delay timer; a timer created while the fake clock is ticking is
 * placed 1 ms ahead (@sinonjs/fake-timers), so a toast that follows a timer needs that 1 ms.
 */
export const showToasts = () => wait(1);

export const button = (name: string | RegExp) => screen.getByRole("button", { name });

export async function pressTwice(user: { click: (element: HTMLElement) => Promise<void> }) {
  await user.click(button("Emergency"));
  await user.click(button("CONFIRM EMERGENCY"));
  await settle();
}

/** Back to real timers and no geolocation after each test. */
export function resetEmergencyHarness() {
  vi.useRealTimers();
  Reflect.deleteProperty(navigator, "geolocation");
}
