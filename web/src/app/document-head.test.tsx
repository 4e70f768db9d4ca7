import { act, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderApp } from "@/testing/render-app";
import { routes } from "./routes";

const meta = (name: string) => document.head.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)?.content;

describe("each route's head", () => {
  it("names the page in the title, describes it, and lets only public pages be indexed", async () => {
    const { router } = renderApp({ path: "/login" });
    await screen.findByRole("heading", { level: 1, name: "Sign in" });
    expect(document.title).toBe("Sign in · Trigger Switch");
    expect(meta("description")).toBe("Sign in to Trigger Switch to check in and manage your messages and recipients.");
    expect(meta("robots")).toBe("index, follow");

    await act(() => router.navigate("/access/message/abc"));
    expect(document.title).toBe("Secure message · Trigger Switch");
    expect(meta("robots")).toBe("noindex");

    await act(() => router.navigate("/no/such/page"));
    expect(await screen.findByRole("heading", { level: 1, name: "Page not found" })).toBeInTheDocument();
    expect(document.title).toBe("Page not found · Trigger Switch");
  });

  it.each(["/register", "/forgot-password", "/reset-password", "/login"])(
    "gives the auth page %s one h1 and its own title",
    async (path) => {
      renderApp({ path });
      const h1 = await screen.findByRole("heading", { level: 1 });
      expect(h1.textContent).not.toBe("");
      expect(screen.getAllByRole("heading", { level: 1 })).toHaveLength(1);
      expect(document.title).not.toBe("Trigger Switch");
      expect(document.title).toMatch(/ · Trigger Switch$/);
    },
  );

  it("gives every page route a title and a description of its own", () => {
    const heads: { title: string; description: string }[] = [];
    const walk = (list: typeof routes) =>
      list.forEach((route) => {
        const head = (route.handle as { head?: { title: string; description: string } } | undefined)?.head;
        if (head) heads.push(head);
        walk(route.children ?? []);
      });
    walk(routes);
    expect(heads.length).toBeGreaterThanOrEqual(21);
    expect(new Set(heads.map((h) => h.title)).size).toBe(heads.length);
    expect(new Set(heads.map((h) => h.description)).size).toBe(heads.length);
  });
});
