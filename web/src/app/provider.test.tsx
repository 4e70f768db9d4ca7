import { act, fireEvent, screen } from "@testing-library/react";
import { useEffect } from "react";
import { describe, expect, it } from "vitest";
import { toast } from "@/lib/toast";
import { AFTER_LOAD_MS } from "@/lib/when-idle";
import { renderApp } from "@/testing/render-app";

/** A page that raises a toast as it first shows, before the toaster is there. */
function ToastOnArrival() {
  useEffect(() => void toast.success("Saved before the toaster came"), []);
  return <h1>Page</h1>;
}

const pause = (ms: number) => act(() => new Promise((resolve) => setTimeout(resolve, ms)));

describe("the toaster (app/provider.tsx)", () => {
  it("is not there while the page starts, and shows what was raised meanwhile at the first tap", async () => {
    renderApp({ routes: [{ path: "/", element: <ToastOnArrival /> }] });
    await screen.findByRole("heading", { name: "Page" });
    await pause(AFTER_LOAD_MS / 2);
    expect(screen.queryByRole("region", { name: /Notifications/ })).not.toBeInTheDocument();
    expect(screen.queryByText("Saved before the toaster came")).not.toBeInTheDocument();

    fireEvent.pointerDown(document.body);
    expect(await screen.findByText("Saved before the toaster came")).toBeInTheDocument();
  });

  it("comes without a tap once the page has loaded and gone idle", async () => {
    renderApp({ routes: [{ path: "/", element: <ToastOnArrival /> }] });
    await screen.findByRole("heading", { name: "Page" });
    expect(
      await screen.findByText("Saved before the toaster came", {}, { timeout: AFTER_LOAD_MS + 1000 }),
    ).toBeInTheDocument();
  });
});
