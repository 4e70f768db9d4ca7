import { act, type ReactNode } from "react";
import { hydrateRoot, type HydrationOptions, type Root } from "react-dom/client";
import { onTestFinished } from "vitest";

/**
 * Takes over the prerendered markup in `container` (in the document) as the browser's first render
 * does. Testing Library's cleanup does not know this root, and the files in a worker share one jsdom
 * and its globals (vitest.config.ts), so when the test finishes the root is unmounted, the container
 * removed and the act environment put back: a root left mounted keeps the app's toaster subscribed
 * to sonner, updating (and warning about act) in later files' tests.
 */
export async function hydrate(container: HTMLElement, ui: ReactNode, options?: HydrationOptions): Promise<void> {
  const scope = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
  const before = scope.IS_REACT_ACT_ENVIRONMENT;
  // Testing Library declares the act environment only inside its own helpers.
  scope.IS_REACT_ACT_ENVIRONMENT = true;
  let root: Root | undefined;
  await act(async () => void (root = hydrateRoot(container, ui, options)));
  onTestFinished(() => {
    act(() => root?.unmount());
    container.remove();
    scope.IS_REACT_ACT_ENVIRONMENT = before;
  });
}
