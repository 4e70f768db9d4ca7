import { StrictMode, startTransition } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { App } from "./app/app";
import { loadRoute } from "./app/routes";
import "./index.css";

const root = document.getElementById("root");
if (!root) throw new Error("index.html has no #root element");

const app = (
  <StrictMode>
    <App />
  </StrictMode>
);

// A public page arrives prerendered (web/vite.config.ts): React takes over the markup that is
// already on screen instead of painting it again. Every other page starts from the app shell.
// (No top-level await: pages import shared code from this entry, which must finish evaluating first.)
// In a transition React yields to the browser every few milliseconds while it renders, so starting
// the app never blocks a tap for long on a slow phone.
if (root.hasAttribute("data-prerendered")) {
  // Hydrate even if the page's code failed to load: the route's error view then offers a reload,
  // instead of a page that looks ready and never answers.
  const hydrate = () => startTransition(() => void hydrateRoot(root, app));
  void loadRoute(window.location.pathname).then(hydrate, hydrate);
} else {
  // The page's code (and the signed-in layout's) starts downloading now, alongside the session and
  // the profile, instead of after them.
  void loadRoute(window.location.pathname).catch(() => undefined);
  startTransition(() => createRoot(root).render(app));
}
