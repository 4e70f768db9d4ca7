import "./index.css";
import { StrictMode } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { App } from "./app/app";
import { askFirstRequests } from "./app/first-requests";
import { loadRoute } from "./app/routes";

const root = document.getElementById("root");
if (!root) throw new Error("index.html has no #root element");
askFirstRequests(window.location);
const app = (
  <StrictMode>
    <App />
  </StrictMode>
);
// The page's code (named in its HTML, web/build/prerender-pages.ts) is loaded before the first
// render, which then never suspends: a prerendered page (a public page) is hydrated in place rather
// than replaced by the loading skeleton. It is rendered even if its code failed to load, so the
// route's error view offers a reload instead of a page that looks ready and never answers.
const render = root.hasAttribute("data-prerendered")
  ? () => void hydrateRoot(root, app)
  : () => createRoot(root).render(app);
void loadRoute(window.location.pathname).then(render, render);
