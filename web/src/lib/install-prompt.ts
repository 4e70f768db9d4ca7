import { useSyncExternalStore } from "react";

/** Chromium's `beforeinstallprompt` event (not in TypeScript's DOM types). */
interface InstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: "accepted" | "dismissed" }>;
}

let waiting: InstallPromptEvent | null = null;
const listeners = new Set<() => void>();
const changed = () => listeners.forEach((listener) => listener());

/**
 * Holds the browser's offer to install the app, on every page, so the browser never asks by itself
 * (its mini-infobar): the app asks only on the dashboard (features/dashboard's install card).
 */
export function holdInstallPrompt(): void {
  window.addEventListener("beforeinstallprompt", (event) => {
    event.preventDefault();
    waiting = event as InstallPromptEvent;
    changed();
  });
  window.addEventListener("appinstalled", () => {
    waiting = null;
    changed();
  });
}

/** Shows the browser's install dialog; the offer is spent either way. */
export async function promptInstall(): Promise<"accepted" | "dismissed"> {
  const offer = waiting;
  if (!offer) return "dismissed";
  waiting = null;
  changed();
  await offer.prompt();
  return (await offer.userChoice).outcome;
}

/** Whether the browser has offered to install the app on this visit. */
export function useInstallOffer(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    () => waiting !== null,
    () => false,
  );
}
