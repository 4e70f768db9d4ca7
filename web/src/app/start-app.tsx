import { StrictMode, startTransition } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { prepareClassNames } from "@/lib/utils";
import { yieldToBrowser } from "@/lib/yield-to-browser";
import { App } from "./app";
import { loadRoute } from "./routes";

const app = (
  <StrictMode>
    <App />
  </StrictMode>
);

/**
 * Renders the app into #root once the page's code is loaded (start.tsx has evaluated what the
 * page's HTML names). A public page arrives prerendered (web/vite.config.ts): React takes over the
 * markup that is already on screen instead of painting it again. Every other page starts from the
 * app shell. In a transition React yields to the browser every few milliseconds while it renders,
 * so starting the app never blocks a tap for long on a slow phone; tailwind-merge's tables, which
 * its first call builds in one go, are built in a task of their own before.
 */
export function startApp(): void {
  const root = document.getElementById("root");
  if (!root) throw new Error("index.html has no #root element");
  // Rendering once the page's code is there keeps the first render from suspending on it: that
  // render is what subscribes to the session, which the page's data waits for. A prerendered page
  // is hydrated even if its code failed to load: the route's error view then offers a reload,
  // instead of a page that looks ready and never answers.
  const start = root.hasAttribute("data-prerendered")
    ? () => startTransition(() => void hydrateRoot(root, app))
    : () => startTransition(() => createRoot(root).render(app));
  const prepared = () => yieldToBrowser().then(prepareClassNames).then(yieldToBrowser);
  void loadRoute(window.location.pathname).then(prepared, prepared).then(start);
}
