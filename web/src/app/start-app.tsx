import { StrictMode, startTransition } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { App } from "./app";
import { loadRoute } from "./routes";

const root = document.getElementById("root");
if (!root) throw new Error("index.html has no #root element");

const app = (
  <StrictMode>
    <App />
  </StrictMode>
);

// A public page arrives prerendered (web/vite.config.ts): React takes over the markup that is
// already on screen instead of painting it again. Every other page starts from the app shell.
// (No top-level await here: pages import shared code from this module, which must finish evaluating first.)
// In a transition React yields to the browser every few milliseconds while it renders, so starting
// the app never blocks a tap for long on a slow phone.
if (root.hasAttribute("data-prerendered")) {
  // Hydrate even if the page's code failed to load: the route's error view then offers a reload,
  // instead of a page that looks ready and never answers.
  const hydrate = () => startTransition(() => void hydrateRoot(root, app));
  void loadRoute(window.location.pathname).then(hydrate, hydrate);
} else {
  // The page's code (and the signed-in layout's) is preloaded by the page's HTML, so it is there
  // about as soon as this is. Rendering once it is keeps the first render from suspending on it:
  // that render is what subscribes to the session, which the page's data waits for.
  const render = () => startTransition(() => createRoot(root).render(app));
  void loadRoute(window.location.pathname).then(render, render);
}
