import { screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { makeProfile, type Handler } from "@/testing/fakes";
import { renderApp } from "@/testing/render-app";

// The guard holds every page for 500 ms; give it room.
// A limit on hanging, not a speed check: the profile page loads lazily and a busy 2-core machine is slow.
const AFTER_GUARD = { timeout: 15_000 };

afterEach(() => vi.restoreAllMocks());

describe("the profile page", () => {
  it("shows the completeness percentage and the missing labels", async () => {
    renderApp({ path: "/profile", signedIn: true, profile: makeProfile({ last_name: null, whatsapp_number: " " }) });
    expect(await screen.findByText("33% complete", {}, AFTER_GUARD)).toBeInTheDocument();
    const missing = screen.getByRole("list", { name: "Missing profile details" });
    expect(
      within(missing)
        .getAllByRole("listitem")
        .map((item) => item.textContent),
    ).toEqual(["Last Name", "WhatsApp Number"]);
    expect(screen.getByRole("progressbar")).toHaveAttribute("aria-valuenow", "33");
    expect(screen.getByText("Complete your profile to continue")).toBeInTheDocument();
  });

  it("shows 0% and 'Complete profile setup required' when there is no profile", async () => {
    renderApp({ path: "/profile", signedIn: true, profile: null });
    expect(await screen.findByText("0% complete", {}, AFTER_GUARD)).toBeInTheDocument();
    expect(screen.getByText("Complete profile setup required")).toBeInTheDocument();
  });

  it("says the profile is complete at 100% and shows no banner", async () => {
    renderApp({ path: "/profile", signedIn: true, profile: makeProfile() });
    expect(await screen.findByText("100% complete", {}, AFTER_GUARD)).toBeInTheDocument();
    // The label wraps under its heading rather than spilling out of the 18rem card.
    expect(screen.getByText("100% complete").parentElement).toHaveClass("flex-wrap");
    expect(screen.getByText("Your profile is complete.")).toBeInTheDocument();
    expect(screen.queryByText("Complete your profile to continue")).not.toBeInTheDocument();
    expect(screen.getByLabelText("E-mail")).toHaveValue("ada@example.com");
  });

  it("saves, says 'Profile updated' and goes to the dashboard once the profile becomes complete", async () => {
    const put: Handler = ({ body }) => ({ body: makeProfile(body as object) });
    const { user, router, server } = renderApp({
      path: "/profile",
      signedIn: true,
      profile: makeProfile({ whatsapp_number: null }),
      api: { "PUT /api/profile": put },
    });
    await user.type(await screen.findByLabelText("WhatsApp Number", {}, AFTER_GUARD), "+44 7700 900123");
    await user.click(screen.getByRole("button", { name: "Save profile" }));

    expect(await screen.findByText("Profile updated")).toBeInTheDocument();
    expect(server.calls.find((call) => call.method === "PUT")?.body).toEqual({
      first_name: "Ada",
      last_name: "Lovelace",
      whatsapp_number: "+447700900123",
      time_zone: "Europe/London",
    });
    await screen.findByRole("heading", { name: "Welcome, Ada" }, AFTER_GUARD);
    expect(router.state.location.pathname).toBe("/dashboard");
  });

  it("opens the dashboard at its top after the profile is completed lower down the page", async () => {
    let offset = 0;
    const scrollTo = vi.spyOn(window, "scrollTo").mockImplementation(((_x: number, y: number) => {
      offset = y;
    }) as typeof window.scrollTo);
    vi.spyOn(window, "scrollY", "get").mockImplementation(() => offset);
    const put: Handler = ({ body }) => ({ body: makeProfile(body as object) });
    const { user } = renderApp({
      path: "/profile",
      signedIn: true,
      profile: makeProfile({ whatsapp_number: null }),
      api: { "PUT /api/profile": put },
    });
    await user.type(await screen.findByLabelText("WhatsApp Number", {}, AFTER_GUARD), "+44 7700 900123");
    // The owner scrolled down to the Save button.
    offset = 329;
    window.dispatchEvent(new Event("scroll"));
    await user.click(screen.getByRole("button", { name: "Save profile" }));

    await screen.findByRole("heading", { name: "Welcome, Ada" }, AFTER_GUARD);
    expect(scrollTo).toHaveBeenLastCalledWith(0, 0);
    expect(offset).toBe(0);
  });

  it("refuses on the form a required field emptied with spaces, and never says 'Profile updated'", async () => {
    const { user, server, router } = renderApp({ path: "/profile", signedIn: true, profile: makeProfile() });
    const first = await screen.findByLabelText("First Name", {}, AFTER_GUARD);
    await user.clear(first);
    await user.type(first, "   ");
    await user.click(screen.getByRole("button", { name: "Save profile" }));
    expect(await screen.findByText("Enter your first name")).toBeInTheDocument();
    expect(first).toHaveAttribute("aria-invalid", "true");
    expect(server.calls.some((call) => call.method === "PUT")).toBe(false);
    expect(screen.queryByText("Profile updated")).not.toBeInTheDocument();
    expect(screen.queryByText("Complete your profile to continue")).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/profile");
  });

  it("shows the server's field message next to the input and keeps what was typed", async () => {
    const put: Handler = () => ({
      status: 400,
      body: {
        error: {
          code: "validation_failed",
          message: "Invalid profile",
          fields: { whatsapp_number: "This number cannot receive WhatsApp messages" },
        },
      },
    });
    const { user } = renderApp({
      path: "/profile",
      signedIn: true,
      profile: makeProfile({ whatsapp_number: null }),
      api: { "PUT /api/profile": put },
    });
    const phone = await screen.findByLabelText("WhatsApp Number", {}, AFTER_GUARD);
    await user.type(phone, "+15555550100");
    await user.click(screen.getByRole("button", { name: "Save profile" }));

    expect(await screen.findByText("This number cannot receive WhatsApp messages")).toBeInTheDocument();
    expect(phone).toHaveValue("+15555550100");
    expect(phone).toHaveAttribute("aria-invalid", "true");
  });

  it("checks the number's format before sending it", async () => {
    const { user, server } = renderApp({
      path: "/profile",
      signedIn: true,
      profile: makeProfile({ whatsapp_number: null }),
    });
    await user.type(await screen.findByLabelText("WhatsApp Number", {}, AFTER_GUARD), "07700 900123");
    await user.click(screen.getByRole("button", { name: "Save profile" }));
    expect(await screen.findByText(/international format with the country code/)).toBeInTheDocument();
    expect(server.calls.some((call) => call.method === "PUT")).toBe(false);
  });

  it("offers the browser's time zone for a profile without one, and saves the zone chosen", async () => {
    const put: Handler = ({ body }) => ({ body: makeProfile(body as object) });
    const { user, server } = renderApp({
      path: "/profile",
      signedIn: true,
      profile: makeProfile({ time_zone: null }),
      api: { "PUT /api/profile": put },
    });
    const zone = await screen.findByLabelText("Time zone", {}, AFTER_GUARD);
    expect(zone).toHaveValue(Intl.DateTimeFormat().resolvedOptions().timeZone);
    await user.selectOptions(zone, "Asia/Tokyo");
    await user.click(screen.getByRole("button", { name: "Save profile" }));
    expect(await screen.findByText("Profile updated")).toBeInTheDocument();
    expect(server.calls.find((call) => call.method === "PUT")?.body).toMatchObject({ time_zone: "Asia/Tokyo" });
  });
});
