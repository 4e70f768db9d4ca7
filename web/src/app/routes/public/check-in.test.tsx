import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { Handler } from "@/testing/fakes";
import { renderApp } from "@/testing/render-app";

const TOKEN = "link-token-123";
const notFound = {
  status: 404,
  body: { error: { code: "not_found", message: "This check-in link is not valid any more. Sign in to check in." } },
};

const describeLink: Handler = () => ({ body: { valid: true } });
const checkIn: Handler = () => ({ body: { success: true, checked_in_at: new Date().toISOString(), cancelled: 0 } });

describe("the check-in page", () => {
  it("asks for a confirmation without checking in by itself, and keeps the token out of the address it calls", async () => {
    const { server } = renderApp({
      path: `/check-in?token=${TOKEN}`,
      api: { "POST /api/check-in/token/lookup": describeLink, "POST /api/check-in/token": checkIn },
    });
    expect(
      await screen.findByText(/^This link is from your Trigger Switch reminder\. If you are OK, confirm it below/),
    ).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "I'm OK — check in now" })).toBeEnabled();
    expect(server.calls.filter((c) => c.path.startsWith("/api/check-in"))).toEqual([
      { method: "POST", path: "/api/check-in/token/lookup", body: { token: TOKEN } },
    ]);
  });

  it("checks in when the button is pressed, and points to sign-in for the next deadline", async () => {
    const { server, user } = renderApp({
      path: `/check-in?token=${TOKEN}`,
      api: { "POST /api/check-in/token/lookup": describeLink, "POST /api/check-in/token": checkIn },
    });
    await user.click(await screen.findByRole("button", { name: "I'm OK — check in now" }));
    expect(await screen.findByRole("heading", { name: "You are checked in" })).toBeInTheDocument();
    expect(screen.getByText("Sign in to see when your next check-in is due.")).toBeInTheDocument();
    expect(await screen.findByText("Check-In Successful")).toBeInTheDocument();
    expect(server.calls.filter((c) => c.path === "/api/check-in/token")).toEqual([
      { method: "POST", path: "/api/check-in/token", body: { token: TOKEN } },
    ]);
  });

  it("says before and after that a check-in cancels a message set to go out on a date", async () => {
    const cancelling: Handler = () => ({
      body: { success: true, checked_in_at: new Date().toISOString(), cancelled: 1 },
    });
    const { user } = renderApp({
      path: `/check-in?token=${TOKEN}`,
      api: { "POST /api/check-in/token/lookup": describeLink, "POST /api/check-in/token": cancelling },
    });
    expect(
      await screen.findByText(/cancels any message set to go out on a date unless you check in/),
    ).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "I'm OK — check in now" }));
    expect(
      await screen.findByText(
        "This check-in also cancelled a message set to go out on a date unless you checked in: nothing will send it until you arm its condition again.",
      ),
    ).toBeInTheDocument();
  });

  it("shows one page that reveals nothing for an invalid, used or expired link, and offers sign-in", async () => {
    renderApp({ path: `/check-in?token=${TOKEN}`, api: { "POST /api/check-in/token/lookup": () => notFound } });
    expect(await screen.findByRole("heading", { name: "This check-in link cannot be used" })).toBeInTheDocument();
    expect(screen.queryByText(/Ada/)).not.toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Sign in to check in" })).toHaveAttribute("href", "/login");
  });

  it("says the link cannot be used when it was used up before the button was pressed", async () => {
    const { user } = renderApp({
      path: `/check-in?token=${TOKEN}`,
      api: { "POST /api/check-in/token/lookup": describeLink, "POST /api/check-in/token": () => notFound },
    });
    await user.click(await screen.findByRole("button", { name: "I'm OK — check in now" }));
    expect(await screen.findByRole("heading", { name: "This check-in link cannot be used" })).toBeInTheDocument();
    expect(await screen.findByText("Check-In Failed")).toBeInTheDocument();
  });

  it("keeps the button after a network failure so the person can try again", async () => {
    const { user } = renderApp({
      path: `/check-in?token=${TOKEN}`,
      api: {
        "POST /api/check-in/token/lookup": describeLink,
        "POST /api/check-in/token": () => ({ status: 503, body: null }),
      },
    });
    await user.click(await screen.findByRole("button", { name: "I'm OK — check in now" }));
    expect(await screen.findByText("Check-In Failed")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "I'm OK — check in now" })).toBeEnabled();
  });

  it("explains what the page is for when opened without a link", async () => {
    const { server } = renderApp({ path: "/check-in" });
    expect(await screen.findByRole("heading", { name: "Check in" })).toBeInTheDocument();
    expect(screen.getByText(/a mail scanner can never check you in by accident/)).toBeInTheDocument();
    expect(server.calls.some((c) => c.path.startsWith("/api/check-in"))).toBe(false);
  });
});
