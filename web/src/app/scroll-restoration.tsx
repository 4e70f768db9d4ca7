import { useLayoutEffect } from "react";
import { useLocation, useNavigationType } from "react-router";

// What React Router's <ScrollRestoration> did for the data router, for the declarative one: a new
// page opens at its top (or at the #anchor it names); Back and Forward return to where the reader
// was, also across a reload. The browser's own restoring would run on the page being left, before
// React has rendered the one it goes back to.

const STORAGE_KEY = "trigger-switch-scroll-positions";
/** Where the reader was on each entry of this tab's history (React Router's location keys). */
const positions = new Map<string, number>();

function readStored() {
  try {
    const stored: unknown = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? "[]");
    if (!Array.isArray(stored)) return;
    for (const entry of stored)
      if (typeof entry?.[0] === "string" && typeof entry[1] === "number") positions.set(entry[0], entry[1]);
  } catch {
    // Nothing usable stored: pages open at their top.
  }
}

function store() {
  try {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify([...positions].slice(-50)));
  } catch {
    // Storage full or refused: positions still hold for this page's life.
  }
}

export function ScrollRestoration() {
  const location = useLocation();
  const navigationType = useNavigationType();

  useLayoutEffect(() => {
    readStored();
    window.history.scrollRestoration = "manual";
    window.addEventListener("pagehide", store);
    return () => {
      window.removeEventListener("pagehide", store);
      window.history.scrollRestoration = "auto";
    };
  }, []);

  useLayoutEffect(() => {
    const saved = positions.get(location.key);
    if (navigationType === "POP" && saved !== undefined) window.scrollTo(0, saved);
    else if (location.hash) document.getElementById(decodeURIComponent(location.hash.slice(1)))?.scrollIntoView();
    else if (navigationType !== "POP") window.scrollTo(0, 0);
    // Recorded as the reader scrolls: by the time a navigation is known the next page is already
    // in the document, and the window's offset is that page's.
    const remember = () => positions.set(location.key, window.scrollY);
    remember();
    window.addEventListener("scroll", remember, { passive: true });
    return () => window.removeEventListener("scroll", remember);
  }, [location.key, location.hash, navigationType]);

  return null;
}
