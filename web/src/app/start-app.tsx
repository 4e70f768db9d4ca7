import { StrictMode, startTransition } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { holdInstallPrompt } from "@/lib/install-prompt";
import { App } from "./app";
import { loadRoute } from "./routes";

/**
 * Renders the app into #root once the page's code is loaded, so the first render never suspends:
 * a prerendered page (a public page) is hydrated in place rather than replaced by the loading
 * skeleton. It is rendered even if its code failed to load, so the route's error view offers a
 * reload instead of a page that looks ready and never answers. In a transition React yields to the
 * browser every few milliseconds while it renders, so a tap is never kept waiting for long.
 */
export function startApp(): void {
  const root = document.getElementById("root");
  if (!root) throw new Error("index.html has no #root element");
  const app = (
    <StrictMode>
      <App />
    </StrictMode>
  );
  const render = root.hasAttribute("data-prerendered")
    ? () => startTransition(() => void hydrateRoot(root, app))
    : () => startTransition(() => createRoot(root).render(app));
  void loadRoute(window.location.pathname).then(render, render);
  holdInstallPrompt();
}
