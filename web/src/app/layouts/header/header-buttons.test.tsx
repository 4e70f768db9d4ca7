import { act, screen } from "@testing-library/react";
import type { RouteObject } from "react-router";
import { describe, expect, it } from "vitest";
import { makeProfile, USER_ID, type Handler } from "@/testing/fakes";
import { renderApp } from "@/testing/render-app";
import { Header } from "./header";

const routes: RouteObject[] = [{ path: "*", element: <Header variant="app" /> }];

const condition = (id: string, condition_type: string, extra: object = {}) => ({
  id,
  message_id: "m1",
  condition_type,
  active: true,
  is_armed: true,
  hours_threshold: 24,
  created_at: "2025-01-01T00:00:00Z",
  updated_at: "2025-01-01T00:00:00Z",
  recipients: [],
  recurring_pattern: null,
  panic_config: {},
  ...extra,
});

function answering(list: () => object[]): Handler {
  return () => ({ body: list() });
}

describe("the header's Check In Now and Emergency buttons", () => {
  it("shows neither without active conditions", async () => {
    renderApp({ routes, signedIn: true, profile: makeProfile(), api: { "GET /api/conditions": answering(() => []) } });
    await screen.findByRole("link", { name: "Messages" });
    expect(screen.queryByRole("button", { name: "Check In Now" })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Emergency" })).not.toBeInTheDocument();
  });

  it("shows the orange Check In Now and the red Emergency after Messages when those conditions are active", async () => {
    const list = () => [condition("c1", "no_check_in"), condition("c2", "panic_trigger")];
    renderApp({ routes, signedIn: true, profile: makeProfile(), api: { "GET /api/conditions": answering(list) } });
    const checkIn = await screen.findByRole("button", { name: "Check In Now" });
    const emergency = screen.getByRole("button", { name: "Emergency" });
    expect(checkIn.className).toContain("bg-warning");
    expect(emergency.className).toContain("bg-destructive");
    const row = checkIn.parentElement!;
    expect(Array.from(row.children).map((el) => el.textContent)).toEqual(["Messages", "Check In Now", "Emergency"]);
  });

  it("says 'Check In' on mobile, and ignores disarmed conditions", async () => {
    const list = () => [condition("c1", "recurring_check_in"), condition("c2", "panic_trigger", { is_armed: false })];
    renderApp({
      routes,
      signedIn: true,
      profile: makeProfile(),
      width: 375,
      api: { "GET /api/conditions": answering(list) },
    });
    expect(await screen.findByRole("button", { name: "Check In" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Emergency" })).not.toBeInTheDocument();
  });

  it("caches the conditions for five minutes under the header-buttons key", async () => {
    localStorage.setItem(
      "header-buttons",
      JSON.stringify({ userId: USER_ID, savedAt: Date.now(), data: [condition("c9", "panic_trigger")] }),
    );
    const { server } = renderApp({
      routes,
      signedIn: true,
      profile: makeProfile(),
      api: { "GET /api/conditions": answering(() => []) },
    });
    expect(await screen.findByRole("button", { name: "Emergency" })).toBeInTheDocument();
    expect(server.calls.some((call) => call.path === "/api/conditions")).toBe(false);
  });

  it("clears the cache and reloads 300 ms after a conditions-updated event", async () => {
    let list = [condition("c1", "no_check_in")];
    const { server } = renderApp({
      routes,
      signedIn: true,
      profile: makeProfile(),
      api: { "GET /api/conditions": answering(() => list) },
    });
    await screen.findByRole("button", { name: "Check In Now" });
    expect(JSON.parse(localStorage.getItem("header-buttons")!).data).toHaveLength(1);

    list = [condition("c2", "panic_trigger")];
    const before = server.calls.filter((call) => call.path === "/api/conditions").length;
    act(() => {
      window.dispatchEvent(new Event("conditions-updated"));
      window.dispatchEvent(new Event("conditions-updated"));
    });
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(server.calls.filter((call) => call.path === "/api/conditions")).toHaveLength(before);
    expect(await screen.findByRole("button", { name: "Emergency" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Check In Now" })).not.toBeInTheDocument();
    expect(server.calls.filter((call) => call.path === "/api/conditions")).toHaveLength(before + 1);
  });

  it("asks to confirm on the first Emergency press and sends nothing yet (the flow: emergency-button.test.tsx)", async () => {
    const { user, server } = renderApp({
      routes,
      signedIn: true,
      profile: makeProfile(),
      api: { "GET /api/conditions": answering(() => [condition("c2", "panic_trigger")]) },
    });
    await user.click(await screen.findByRole("button", { name: "Emergency" }));
    expect(screen.getByRole("button", { name: "CONFIRM EMERGENCY" })).toBeInTheDocument();
    expect(screen.getByRole("status")).toHaveTextContent("Press CONFIRM EMERGENCY within 3 seconds");
    expect(server.calls.some((call) => call.method !== "GET")).toBe(false);
  });

  it("checks in from Check In Now with the spec's toasts and tells the app that conditions changed", async () => {
    const checkIn: Handler = () => ({
      body: {
        success: true,
        checked_in_at: new Date().toISOString(),
        conditions: 1,
        next_deadline: null,
        waiting: 1,
        cancelled: [],
      },
    });
    const { user, server } = renderApp({
      routes,
      signedIn: true,
      profile: makeProfile(),
      api: { "GET /api/conditions": answering(() => [condition("c1", "no_check_in")]), "POST /api/check-in": checkIn },
    });
    const heard = new Promise((resolve) => window.addEventListener("conditions-updated", resolve, { once: true }));
    await user.click(await screen.findByRole("button", { name: "Check In Now" }));
    expect(await screen.findByText("Check-In Successful")).toBeInTheDocument();
    expect(screen.getByText("Your Trigger Switch has been reset.")).toBeInTheDocument();
    await heard;
    expect(server.calls.some((call) => call.method === "POST" && call.path === "/api/check-in")).toBe(true);
  });

  it("never says 'Check-In Successful' when no armed condition was waiting for the check-in", async () => {
    // A list loaded before the last condition fired: the button still shows, the server finds nothing to reset.
    const nothingWaited: Handler = () => ({
      body: {
        success: true,
        checked_in_at: new Date().toISOString(),
        conditions: 0,
        next_deadline: null,
        waiting: 0,
        cancelled: [],
      },
    });
    const { user } = renderApp({
      routes,
      signedIn: true,
      profile: makeProfile(),
      api: {
        "GET /api/conditions": answering(() => [condition("c1", "no_check_in")]),
        "POST /api/check-in": nothingWaited,
      },
    });
    await user.click(await screen.findByRole("button", { name: "Check In Now" }));
    expect(await screen.findByText("Checked in")).toBeInTheDocument();
    expect(
      screen.getByText("No armed condition was waiting for a check-in, so no timer was reset and nothing changed."),
    ).toBeInTheDocument();
    expect(screen.queryByText("Check-In Successful")).not.toBeInTheDocument();
    expect(screen.queryByText("Your Trigger Switch has been reset.")).not.toBeInTheDocument();
  });

  it("hides Check In Now for a date delivery a check-in already cancelled (nothing left to fire)", async () => {
    const cancelled = condition("c1", "inactivity_to_date", {
      deliver_at: "2099-01-01T00:00:00Z",
      next_deadline: null,
      minutes_threshold: 0,
      armed_at: "2025-01-01T00:00:00Z",
      last_checked: "2025-01-02T00:00:00Z",
    });
    renderApp({
      routes,
      signedIn: true,
      profile: makeProfile(),
      api: { "GET /api/conditions": answering(() => [cancelled, condition("c2", "panic_trigger")]) },
    });
    expect(await screen.findByRole("button", { name: "Emergency" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Check In Now" })).not.toBeInTheDocument();
  });

  it("says 'Check-In Failed' with the server's reason", async () => {
    const refuse: Handler = () => ({
      status: 409,
      body: { error: { code: "conflict", message: "Nothing to check in: no armed condition waits for it" } },
    });
    const { user } = renderApp({
      routes,
      signedIn: true,
      profile: makeProfile(),
      api: { "GET /api/conditions": answering(() => [condition("c1", "no_check_in")]), "POST /api/check-in": refuse },
    });
    await user.click(await screen.findByRole("button", { name: "Check In Now" }));
    expect(await screen.findByText("Check-In Failed")).toBeInTheDocument();
    expect(screen.getByText("Nothing to check in: no armed condition waits for it")).toBeInTheDocument();
  });

  it("says 'Authentication Required' / 'You must be logged in to perform a check-in.' when the session is gone", async () => {
    const gone: Handler = () => ({
      status: 401,
      body: { error: { code: "unauthorized", message: "Session not found" } },
    });
    const { user } = renderApp({
      routes,
      signedIn: true,
      profile: makeProfile(),
      api: { "GET /api/conditions": answering(() => [condition("c1", "no_check_in")]), "POST /api/check-in": gone },
    });
    await user.click(await screen.findByRole("button", { name: "Check In Now" }));
    expect(await screen.findByText("Authentication Required")).toBeInTheDocument();
    expect(screen.getByText("You must be logged in to perform a check-in.")).toBeInTheDocument();
  });

  it("says 'Failed to update condition timestamps' when the server could not record the check-in", async () => {
    const refuse: Handler = () => ({
      status: 500,
      body: { error: { code: "internal", message: "Something went wrong on our side" } },
    });
    const { user } = renderApp({
      routes,
      signedIn: true,
      profile: makeProfile(),
      api: { "GET /api/conditions": answering(() => [condition("c1", "no_check_in")]), "POST /api/check-in": refuse },
    });
    await user.click(await screen.findByRole("button", { name: "Check In Now" }));
    expect(await screen.findByText("Check-In Failed")).toBeInTheDocument();
    expect(screen.getByText("Failed to update condition timestamps")).toBeInTheDocument();
  });
});
