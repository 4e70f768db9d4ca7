import { clsx, type ClassValue } from "clsx";
import { twMerge } from "tailwind-merge";

/** Joins class names; later Tailwind classes win over earlier ones (so callers can override). */
export function cn(...inputs: ClassValue[]): string {
  return twMerge(clsx(inputs));
}

/**
 * Builds tailwind-merge's lookup tables, as its first call would: 10–15 ms of main thread on the test
 * machine (×4 on a slow phone). The app calls this in a task of its own before its first render
 * (app/start-app.tsx), so the cost does not land inside the render of whichever component first
 * merges classes, where it made that slice of the render a long task.
 */
export function prepareClassNames(): void {
  twMerge("p-0 p-1");
}
