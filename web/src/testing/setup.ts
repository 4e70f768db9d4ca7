import "@testing-library/jest-dom/vitest";
import { cleanup } from "@testing-library/react";
import { toast } from "sonner";
import { afterEach, beforeEach } from "vitest";
import { installMatchMedia, setViewportWidth } from "./viewport";

// What jsdom lacks and radix or our code touches.
installMatchMedia();
class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
globalThis.ResizeObserver ??= ResizeObserverStub as unknown as typeof ResizeObserver;
Element.prototype.scrollIntoView ??= function scrollIntoView() {};
Element.prototype.hasPointerCapture ??= () => false;
Element.prototype.releasePointerCapture ??= () => undefined;
URL.createObjectURL ??= () => "blob:preview";
URL.revokeObjectURL ??= () => undefined;

beforeEach(() => setViewportWidth(1024));
afterEach(() => {
  cleanup();
  // sonner keeps toasts in module state and replays active ones to a new <Toaster>.
  toast.dismiss();
  localStorage.clear();
});
