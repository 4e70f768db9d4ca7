import { act, render, screen } from "@testing-library/react";
import { MemoryRouter, Route, Routes, type NavigateFunction, type To } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { RouterProbe } from "@/testing/render-app";
import { ScrollRestoration } from "./scroll-restoration";

let offset = 0;
const scrollTo = vi.fn((_x: number, y: number) => void (offset = y));

beforeEach(() => {
  offset = 0;
  scrollTo.mockClear();
  vi.spyOn(window, "scrollTo").mockImplementation(scrollTo as unknown as typeof window.scrollTo);
  vi.spyOn(window, "scrollY", "get").mockImplementation(() => offset);
});
afterEach(() => vi.restoreAllMocks());

/** The reader scrolls the page to `y`. */
function readerScrollsTo(y: number) {
  offset = y;
  window.dispatchEvent(new Event("scroll"));
}

function renderPages() {
  let navigate: NavigateFunction = () => undefined;
  render(
    <MemoryRouter initialEntries={["/list"]}>
      <ScrollRestoration />
      <RouterProbe report={(_location, routerNavigate) => (navigate = routerNavigate)} />
      <Routes>
        <Route path="/list" element={<h1>List</h1>} />
        <Route path="/item" element={<h1>Item</h1>} />
      </Routes>
    </MemoryRouter>,
  );
  return {
    go: (to: To) => act(() => navigate(to)),
    /** Back (-1) or Forward (1) in the history. */
    step: (delta: number) => act(() => navigate(delta)),
  };
}

describe("scroll restoration", () => {
  it("opens a new page at its top and returns to where the reader was on Back and Forward", async () => {
    const { go, step } = renderPages();
    readerScrollsTo(1200);

    await go("/item");
    expect(await screen.findByRole("heading", { name: "Item" })).toBeInTheDocument();
    expect(scrollTo).toHaveBeenLastCalledWith(0, 0);
    readerScrollsTo(300);

    await step(-1);
    expect(await screen.findByRole("heading", { name: "List" })).toBeInTheDocument();
    expect(scrollTo).toHaveBeenLastCalledWith(0, 1200);

    await step(1);
    expect(await screen.findByRole("heading", { name: "Item" })).toBeInTheDocument();
    expect(scrollTo).toHaveBeenLastCalledWith(0, 300);
  });

  it("leaves the browser's own restoring off while the app runs, and keeps the positions across a reload", async () => {
    const { go } = renderPages();
    expect(window.history.scrollRestoration).toBe("manual");
    readerScrollsTo(640);
    await go("/item");
    window.dispatchEvent(new Event("pagehide"));
    const stored = JSON.parse(sessionStorage.getItem("trigger-switch-scroll-positions") ?? "[]") as [string, number][];
    expect(stored.map(([, y]) => y)).toContain(640);
  });
});
