import { act, render, screen } from "@testing-library/react";
import { MemoryRouter, Outlet, type NavigateFunction, type RouteObject } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { RouterProbe } from "@/testing/render-app";
import { AppRoutes, useMatchedRoutes } from "./app-routes";

function Broken(): never {
  throw new Error("render failed");
}

function Layout() {
  const titles = useMatchedRoutes().map((route) => (route.handle as { title?: string } | undefined)?.title);
  return (
    <>
      <p>Matched: {titles.filter(Boolean).join(" > ")}</p>
      <Outlet />
    </>
  );
}

const routes: RouteObject[] = [
  {
    element: <Layout />,
    handle: { title: "Root" },
    children: [
      { path: "/broken", element: <Broken /> },
      { path: "/fine", element: <h1>Fine page</h1>, handle: { title: "Fine" } },
    ],
  },
];

/** The app at `path`, and a way to navigate from outside its error boundary (as the browser's Back does). */
function renderAt(path: string) {
  let navigate: NavigateFunction = () => undefined;
  render(
    <MemoryRouter initialEntries={[path]}>
      <AppRoutes routes={routes} />
      <RouterProbe report={(_location, routerNavigate) => (navigate = routerNavigate)} />
    </MemoryRouter>,
  );
  return { navigate: (to: string) => act(() => navigate(to)) };
}

afterEach(() => vi.restoreAllMocks());

describe("the app's routes", () => {
  it("tell the pages which routes matched, outermost first", async () => {
    renderAt("/fine");
    expect(await screen.findByRole("heading", { name: "Fine page" })).toBeInTheDocument();
    expect(screen.getByText("Matched: Root > Fine")).toBeInTheDocument();
  });

  it("show the error view instead of a blank page when a page throws, and leave it at the next address", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const { navigate } = renderAt("/broken");
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("Something went wrong");
    expect(alert).toHaveTextContent("This page could not be shown. Your messages and settings are not affected.");
    expect(screen.getByRole("button", { name: "Reload the page" })).toBeInTheDocument();
    expect(logged).toHaveBeenCalledWith("Route error", expect.any(Error), expect.any(String));

    await navigate("/fine");
    expect(await screen.findByRole("heading", { name: "Fine page" })).toBeInTheDocument();
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  });
});
