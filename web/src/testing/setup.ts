import "@testing-library/jest-dom/vitest";
import { cleanup, configure } from "@testing-library/react";
import { toast } from "sonner";
import { afterEach, beforeEach, vi } from "vitest";
import { assertNoDrift } from "./api-contract";
import { installMatchMedia, setViewportWidth } from "./viewport";

// findBy*/waitFor give up after 1 s by default. The first render of a file pays for loading its
// modules, which on the shared 2-core machine (load average over 20 at times) took longer than
// that; an answer that is there sooner is still taken at once.
configure({ asyncUtilTimeout: 3000 });

// What jsdom lacks and radix or our code touches.
installMatchMedia();
class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
globalThis.ResizeObserver ??= ResizeObserverStub as unknown as typeof ResizeObserver;
Element.prototype.scrollIntoView ??= function scrollIntoView() {};
// jsdom has the method but only reports "not implemented" (the app's ScrollRestoration calls it).
window.scrollTo = () => undefined;
Element.prototype.hasPointerCapture ??= () => false;
Element.prototype.releasePointerCapture ??= () => undefined;
URL.createObjectURL ??= () => "blob:preview";
URL.revokeObjectURL ??= () => undefined;

beforeEach(() => {
  setViewportWidth(1024);
  // jsdom says en-US; the tests read times on the 24-hour clock of en-GB unless they set another
  // language themselves (the app follows the browser's language for 12- or 24-hour times).
  vi.spyOn(navigator, "language", "get").mockReturnValue("en-GB");
});
afterEach(() => {
  cleanup();
  // sonner keeps toasts in module state and replays active ones to a new <Toaster>.
  toast.dismiss();
  localStorage.clear();
  // The files in a worker share one jsdom (vitest.config.ts): what a page kept for the tab (scroll
  // positions, the provider sign-in's state) would otherwise be there for the next file's pages.
  sessionStorage.clear();
  // A fake answer the real server could not give fails the test even if the page coped with it.
  assertNoDrift();
});
