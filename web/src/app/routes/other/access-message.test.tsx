import { act, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Handler } from "@/testing/fakes";
import { renderApp } from "@/testing/render-app";

const ID = "6f1c8a52-0000-4000-8000-000000000042";
const TOKEN = "access-token-abc";
const path = `/access/message/${ID}?t=${TOKEN}`;
const notFound: Handler = () => ({
  status: 404,
  body: { error: { code: "not_found", message: "This link does not open any message." } },
});

const open: Handler = () => ({
  body: {
    state: "open",
    sender: { first_name: "Ada", last_name: "Lovelace" },
    title: "For Grace",
    text_content: "The papers are in the blue folder.\nI love you.\n<img src=x onerror=alert(1)><b>not bold</b>",
    sealed: null,
    location: { latitude: 51.5007, longitude: -0.1246, name: "Westminster", located_at: null, accuracy_m: null },
    emergency: null,
    attachments: [{ id: "a1", name: "will.pdf", type: "application/pdf", size: 2048, sealed: false }],
    released_at: "2026-03-10T14:00:00.000Z",
    expires_at: null,
    delivered_by: "email",
    map: null,
  },
});

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();
const emergency =
  (changes: Record<string, unknown>): Handler =>
  () => {
    const body = open({ method: "GET", path: "", params: {}, body: null }).body as Record<string, unknown>;
    return {
      body: {
        ...body,
        title: "I need help now",
        attachments: [],
        emergency: { triggered_at: minutesAgo(4), location_current: true },
        ...changes,
      },
    };
  };

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe("the secure message access page", () => {
  it("tells a recipient whose link came by WhatsApp to keep the WhatsApp message, not an e-mail they never had", async () => {
    const byWhatsApp: Handler = (req) => ({
      body: { ...(open(req).body as Record<string, unknown>), delivered_by: "whatsapp" },
    });
    renderApp({ path, api: { "GET /api/access/:id": byWhatsApp } });
    expect(
      await screen.findByText("Keep the WhatsApp message with this link if you want to read the message again."),
    ).toBeInTheDocument();
    expect(screen.queryByText(/Keep the e-mail/)).not.toBeInTheDocument();
  });

  it("shows an open message: sender, title, words as written, files and the shared place", async () => {
    const { container, server } = renderApp({ path, api: { "GET /api/access/:id": open } });
    expect(await screen.findByRole("heading", { name: "For Grace" })).toBeInTheDocument();
    expect(screen.getByText("A message from Ada Lovelace")).toBeInTheDocument();
    expect(screen.getByText("Secure Message Access")).toBeInTheDocument();
    expect(screen.queryByRole("link", { name: "Sign in" })).not.toBeInTheDocument();

    const text = screen.getByTestId("message-text");
    expect(text.textContent).toBe(
      "The papers are in the blue folder.\nI love you.\n<img src=x onerror=alert(1)><b>not bold</b>",
    );
    expect(text).toHaveClass("whitespace-pre-wrap");
    // The app's own sans stack, not a serif fallback.
    expect(text.className).not.toMatch(/font-serif/);
    expect(container.querySelector("img[src=x]")).toBeNull();
    expect(container.querySelector("b")).toBeNull();

    const files = screen.getByRole("list", { name: "Attachments" });
    expect(within(files).getByRole("link", { name: "Download will.pdf" })).toHaveAttribute(
      "href",
      `/api/access/${ID}/attachments/a1?t=${TOKEN}`,
    );
    const map = screen.getByRole("link", { name: /Open the location on a map/ });
    expect(map.getAttribute("href")).toMatch(/^https:\/\/www\.openstreetmap\.org\/\?mlat=51\.5007&mlon=-0\.1246/);
    expect(map).toHaveAttribute("rel", "noreferrer noopener");
    expect(screen.getByText("Location shared: Westminster")).toBeInTheDocument();
    expect(screen.getByText(/^Released \w{3} \d+ Mar 2026, \d\d:\d\d$/)).toBeInTheDocument();
    expect(server.calls[0]).toMatchObject({ method: "GET", path: `/api/access/${ID}` });
  });

  it("says an emergency is one, when it was pressed, and how old and precise the position is", async () => {
    const api = {
      "GET /api/access/:id": emergency({
        location: {
          latitude: 51.5007,
          longitude: -0.1246,
          name: "Westminster",
          located_at: minutesAgo(5),
          accuracy_m: 18.4,
        },
      }),
    };
    renderApp({ path, api });
    const alert = await screen.findByRole("alert");
    expect(within(alert).getByRole("heading", { name: "Emergency alert" })).toBeInTheDocument();
    expect(alert).toHaveTextContent(
      /Ada Lovelace pressed their emergency button 4 minutes ago \(\w{3} \d+ \w{3} \d{4}, \d\d:\d\d\)/,
    );
    expect(alert).toHaveTextContent("Their position around that time is shown below.");
    expect(screen.getByText("An emergency message from Ada Lovelace")).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Position: Westminster" })).toBeInTheDocument();
    // The matcher turns the no-break space in "18 m" into a plain one.
    expect(
      screen.getByText(/^Taken by their device 5 minutes ago \(.+\)\. Accurate to about 18 m\.$/),
    ).toBeInTheDocument();
    // No token: no map is loaded, the plain link is there.
    expect(screen.queryByTestId("location-map")).not.toBeInTheDocument();
    expect(
      screen.getByRole("link", { name: /Open the location on a map \(51\.50070, -0\.12460\)/ }),
    ).toBeInTheDocument();
  });

  it("says plainly when an emergency came without a current position", async () => {
    renderApp({
      path,
      api: {
        "GET /api/access/:id": emergency({
          location: null,
          emergency: { triggered_at: minutesAgo(90), location_current: false },
        }),
      },
    });
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("pressed their emergency button 1 hour ago");
    expect(alert).toHaveTextContent(
      "No current position came with it: Ada Lovelace's device did not share where they were at the time.",
    );
    expect(screen.queryByRole("link", { name: /Open the location on a map/ })).not.toBeInTheDocument();
  });

  it("does not present a typed-in place as a live position", async () => {
    renderApp({ path, api: { "GET /api/access/:id": open } });
    expect(
      await screen.findByText("Entered by hand, not taken from a device: it may not be where they are now."),
    ).toBeInTheDocument();
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  });

  it("loads the map only when the server offers one, and keeps the link beside it", async () => {
    const api = {
      "GET /api/access/:id": emergency({
        location: {
          latitude: 51.5007,
          longitude: -0.1246,
          name: "Westminster",
          located_at: minutesAgo(1),
          accuracy_m: 30,
        },
        map: { token: "pk.test", api_url: "http://127.0.0.1:9" },
      }),
    };
    renderApp({ path, api });
    // jsdom has no WebGL: the lazily loaded map says it cannot draw, and the link remains.
    expect(
      await screen.findByText(/The map could not be shown here|Map: Westminster/, {}, { timeout: 8000 }),
    ).toBeInTheDocument();
    expect(screen.getByRole("link", { name: /Open the location on a map/ })).toBeInTheDocument();
  }, 15_000);

  it("says calmly when a locked message opens", async () => {
    renderApp({
      path,
      api: { "GET /api/access/:id": () => ({ body: { state: "locked", opens_at: "2031-05-06T07:08:00.000Z" } }) },
    });
    expect(
      await screen.findByRole("heading", { name: /^This message opens on \w{3} \d+ May 2031, \d\d:\d\d$/ }),
    ).toBeInTheDocument();
    expect(screen.getByText(/chose to have it wait/)).toBeInTheDocument();
    expect(screen.getByText(/Keep this page open and the message appears here by itself/)).toBeInTheDocument();
    expect(screen.queryByText(/The message will be here/)).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Check again" })).toBeEnabled();
  });

  it("opens by itself when the delay ends while the recipient waits on the page", async () => {
    let calls = 0;
    const opensSoon: Handler = (req) =>
      ++calls === 1 ? { body: { state: "locked", opens_at: new Date(Date.now() + 200).toISOString() } } : open(req);
    renderApp({ path, api: { "GET /api/access/:id": opensSoon } });
    expect(await screen.findByRole("heading", { name: /^This message opens on / })).toBeInTheDocument();
    expect(await screen.findByRole("heading", { name: "For Grace" }, { timeout: 4000 })).toBeInTheDocument();
    expect(calls).toBe(2);
  });

  it("notices within seconds that the owner withdrew the release while the recipient waits", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let withdrawn = false;
    const waiting: Handler = (req) =>
      withdrawn ? notFound(req) : { body: { state: "locked", opens_at: "2031-05-06T07:08:00.000Z" } };
    const { server } = renderApp({ path, api: { "GET /api/access/:id": waiting } });
    expect(await screen.findByRole("heading", { name: /^This message opens on / })).toBeInTheDocument();

    withdrawn = true;
    await act(() => vi.advanceTimersByTimeAsync(15_000));
    expect(
      await screen.findByRole("heading", { name: "This link is not valid, has expired or was withdrawn." }),
    ).toBeInTheDocument();
    // Withdrawn is final: the page stops asking.
    const asked = server.calls.filter((c) => c.path.startsWith("/api/access")).length;
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    expect(server.calls.filter((c) => c.path.startsWith("/api/access")).length).toBe(asked);
  });

  it("does not ask while the waiting page is hidden, and asks at once when it is shown again", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { server } = renderApp({
      path,
      api: { "GET /api/access/:id": () => ({ body: { state: "locked", opens_at: "2031-05-06T07:08:00.000Z" } }) },
    });
    expect(await screen.findByRole("heading", { name: /^This message opens on / })).toBeInTheDocument();
    const asked = () => server.calls.filter((c) => c.path.startsWith("/api/access")).length;
    await act(() => vi.advanceTimersByTimeAsync(15_000));
    expect(asked()).toBe(2);

    const visibility = vi.spyOn(document, "visibilityState", "get").mockReturnValue("hidden");
    act(() => void window.dispatchEvent(new Event("visibilitychange")));
    await act(() => vi.advanceTimersByTimeAsync(5 * 60_000));
    expect(asked()).toBe(2);

    visibility.mockReturnValue("visible");
    act(() => void window.dispatchEvent(new Event("visibilitychange")));
    await act(() => vi.advanceTimersByTimeAsync(100));
    expect(asked()).toBe(3);
  });

  it("shows one generic page for a link that does not open anything", async () => {
    renderApp({ path, api: { "GET /api/access/:id": notFound } });
    expect(
      await screen.findByRole("heading", { name: "This link is not valid, has expired or was withdrawn." }),
    ).toBeInTheDocument();
  });

  it("asks a recipient with a broken link to check the message it came in, whatever the channel", async () => {
    renderApp({ path, api: { "GET /api/access/:id": notFound } });
    expect(
      await screen.findByText(
        "If you were expecting a message, check that you opened the whole link from the message you received (by e-mail, WhatsApp or SMS).",
      ),
    ).toBeInTheDocument();
  });

  it("does not ask the server when the link has no token", async () => {
    const { server } = renderApp({ path: `/access/message/${ID}`, api: { "GET /api/access/:id": open } });
    expect(
      await screen.findByRole("heading", { name: "This link is not valid, has expired or was withdrawn." }),
    ).toBeInTheDocument();
    expect(server.calls.some((c) => c.path.startsWith("/api/access"))).toBe(false);
  });
});
