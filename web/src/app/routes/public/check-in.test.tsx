import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { Handler } from "@/testing/fakes";
import { renderApp } from "@/testing/render-app";

const TOKEN = "link-token-123";
const inTwoHours = () => new Date(Date.now() + 2 * 3600_000).toISOString();
const notFound = { status: 404, body: { error: { code: "not_found", message: "This check-in link is not valid any more. Sign in to check in." } } };

const describeLink: Handler = () => ({ body: { valid: true, owner_first_name: "Ada", message_count: 3, next_deadline: inTwoHours() } });
const nextDeadline = "2031-05-06T07:08:00.000Z";
const checkIn: Handler = () => ({ body: { success: true, checked_in_at: new Date().toISOString(), conditions: 2, next_deadline: nextDeadline } });

describe("the check-in page", () => {
  it("says whose switch it is and what is at stake, without checking in by itself", async () => {
    const { server } = renderApp({ path: `/check-in?token=${TOKEN}`, api: { "GET /api/check-in/token/:token": describeLink, "POST /api/check-in/token": checkIn } });
    expect(await screen.findByText(/^Ada, 3 messages go out on \w{3} \d\d:\d\d unless you check in\.$/)).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "I'm OK — check in now" })).toBeEnabled();
    expect(server.calls.filter((c) => c.path.startsWith("/api/check-in"))).toEqual([{ method: "GET", path: `/api/check-in/token/${TOKEN}`, body: undefined }]);
  });

  it("checks in when the button is pressed and shows the new deadline", async () => {
    const { server, user } = renderApp({ path: `/check-in?token=${TOKEN}`, api: { "GET /api/check-in/token/:token": describeLink, "POST /api/check-in/token": checkIn } });
    await user.click(await screen.findByRole("button", { name: "I'm OK — check in now" }));
    expect(await screen.findByRole("heading", { name: "You are checked in" })).toBeInTheDocument();
    expect(screen.getByText(/^Your next deadline is \w{3} \d+ May 2031, \d\d:\d\d\.$/)).toBeInTheDocument();
    expect(await screen.findByText("Check-In Successful")).toBeInTheDocument();
    expect(server.calls.filter((c) => c.method === "POST")).toEqual([{ method: "POST", path: "/api/check-in/token", body: { token: TOKEN } }]);
  });

  it("shows one page that reveals nothing for an invalid, used or expired link, and offers sign-in", async () => {
    renderApp({ path: `/check-in?token=${TOKEN}`, api: { "GET /api/check-in/token/:token": () => notFound } });
    expect(await screen.findByRole("heading", { name: "This check-in link cannot be used" })).toBeInTheDocument();
    expect(screen.queryByText(/Ada/)).not.toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Sign in to check in" })).toHaveAttribute("href", "/login");
  });

  it("says the link cannot be used when it was used up before the button was pressed", async () => {
    const { user } = renderApp({ path: `/check-in?token=${TOKEN}`, api: { "GET /api/check-in/token/:token": describeLink, "POST /api/check-in/token": () => notFound } });
    await user.click(await screen.findByRole("button", { name: "I'm OK — check in now" }));
    expect(await screen.findByRole("heading", { name: "This check-in link cannot be used" })).toBeInTheDocument();
    expect(await screen.findByText("Check-In Failed")).toBeInTheDocument();
  });

  it("keeps the button after a network failure so the person can try again", async () => {
    const { user } = renderApp({ path: `/check-in?token=${TOKEN}`, api: { "GET /api/check-in/token/:token": describeLink, "POST /api/check-in/token": () => ({ status: 503, body: null }) } });
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
